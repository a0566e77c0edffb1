// The analysis module's public surface: home charts and the analysis page's figures.
export { analysisRoutes } from './analysis.routes.ts';
export { deferClosedDays, refreshClosedDays } from './closed-days-deferral.ts';
export { registerGivingDaysClock } from './giving-days.jobs.ts';
export { givingDays } from './giving-days.sql.ts';
export { getOrganisationSnapshot, getOrganisationStats } from './organisation-snapshot.ts';
