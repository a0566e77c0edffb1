// Year-end statements in bulk (docs/product/reports.md#year-end-statements): a period's annual giving
// statements e-mailed in one run through the job queue, once per donor, and the rest merged for post.
export { registerStatementRuns } from './statements.jobs.ts';
export { statementRoutes } from './statements.routes.ts';
