// The reports centre (/dashboard/reports, docs/product/reports.md): ready reports with filters,
// tables, charts and downloads, read through the reports' pool (decision 077).
export { reportRoutes } from './reports.routes.ts';
