// AI insights (docs/product/insights.md, decision 076): the seven categories computed by a job from
// the organisation's own data and stored; GET /insights reads them.
export { computeInsights } from './insights.compute.ts';
export { type InsightsJobs, registerInsights } from './insights.jobs.ts';
export { insightsRoutes } from './insights.routes.ts';
