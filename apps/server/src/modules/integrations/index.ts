// Integrations (docs/decisions/069-api-keys-and-webhooks.md): API keys that reach /api/v1 with the
// bearer scheme. Other modules and app.ts reach them through this surface only.
export { apiKeyRoutes } from './api-keys.routes.ts';
export { registerApiKeys } from './api-keys.service.ts';
export { apiKeys } from './api-keys.tables.ts';
