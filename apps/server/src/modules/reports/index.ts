// The reports centre (/dashboard/reports, docs/product/reports.md): ready reports with filters,
// tables, charts and downloads, read through the reports' pool (decision 077).

export { latestDueDay } from './report-schedule-calendar.ts';
export { reportRoutes } from './reports.routes.ts';
// sr23: scheduled reports e-mailed by the job queue.
export { registerScheduledReports } from './saved-reports.jobs.ts';
