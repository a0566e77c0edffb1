// Knowledge base (docs/product/knowledge-base.md, docs/decisions/088-knowledge-base.md): Kindling's built-in
// help articles and the organisation's own, searched together.

export { insertOwnArticle as addKnowledgeArticle } from './knowledge-base.repository.ts';
export { knowledgeBaseRoutes } from './knowledge-base.routes.ts';
export { knowledgeArticles } from './knowledge-base.tables.ts';
