// ai22: the AI Insights page at /dashboard/crm/ai-insights (docs/product/insights.md).
export { InsightsPage } from './routes/InsightsPage.tsx';
