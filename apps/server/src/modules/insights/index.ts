// AI insights (docs/product/insights.md, decision 076): the seven categories computed by a job from
// the organisation's own data and stored; GET /insights reads them.

// a22: the churn model's scores, for the insights assistant.
export { type ChurnRiskDonor, churnRisk } from './churn-risk.ts';
export { computeInsights } from './insights.compute.ts';
export { type InsightsJobs, registerInsights } from './insights.jobs.ts';
export { insightsRoutes } from './insights.routes.ts';
