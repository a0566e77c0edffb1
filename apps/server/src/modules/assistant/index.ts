// The insights assistant (docs/product/insights.md#assistant): POST /ai/analyze answered by the
// built-in analyst's fixed queries, and each user's saved recent queries.
export { assistantRoutes } from './assistant.routes.ts';
