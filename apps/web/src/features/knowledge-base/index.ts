// The staff knowledge base at /dashboard/crm/knowledge-base (docs/product/knowledge-base.md).
export { KnowledgeBasePage } from './routes/KnowledgeBasePage.tsx';
