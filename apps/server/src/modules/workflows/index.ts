// Workflow automation (docs/product/crm-workflow-automation.md, docs/decisions/093-workflows-from-the-outbox.md):
// trigger → conditions → steps, started from the platform's event outbox, run as keyed jobs.
export { registerWorkflows, type WorkflowEngine, workflowOutboxReader } from './workflow-engine.ts';
export { recipeWorkflow } from './workflow-recipes.ts';
export { workflowRoutes } from './workflows.routes.ts';
export { workflowCursor, workflowRuns, workflowSeenEvents, workflows } from './workflows.tables.ts';
