// Workflow automation: /dashboard/crm/workflow-automation (docs/product/crm-workflow-automation.md).
export { WorkflowsPage } from './routes/WorkflowsPage.tsx';
