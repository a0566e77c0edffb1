// The reports centre (/dashboard/reports, docs/product/reports.md): ready reports with filters,
// tables, charts and downloads, read through the reports' pool (decision 077).

// rc23: the reconciliation report's fetch from Stripe.
export { registerReconciliation } from './reconciliation.jobs.ts';
export { reconciliationRoutes } from './reconciliation.routes.ts';
export { storeProviderPayouts } from './reconciliation-report.repository.ts';
export { latestDueDay } from './report-schedule-calendar.ts';
export { reportRoutes } from './reports.routes.ts';
// sr23: scheduled reports e-mailed by the job queue.
export { registerScheduledReports } from './saved-reports.jobs.ts';
