// The administration overview, the launchpad and the home dashboard's per-user settings
// (docs/product/overview.md).
export { dashboardSettings } from './dashboard-settings.tables.ts';
export { overviewRoutes } from './overview.routes.ts';
