// Integrations (docs/decisions/069-api-keys-and-webhooks.md, 074-webhook-outbox.md): API keys that
// reach /api/v1 with the bearer scheme, and outbound webhooks relayed from the platform's outbox.
// Other modules and app.ts reach them through this surface only.
export { apiKeyRoutes } from './api-keys.routes.ts';
export { registerApiKeys } from './api-keys.service.ts';
export { apiKeys } from './api-keys.tables.ts';
export { DEMO_RECEIVER_PATH, demoReceiverRoutes, demoReceiverSecret } from './demo-receiver.ts';
export { registerWebhooks, type WebhookEngine, webhookOutboxReader } from './webhook-delivery.ts';
export { signatureHeader, verifySignature } from './webhook-signature.ts';
export { webhookRoutes } from './webhooks.routes.ts';
export { sealWebhookSecret } from './webhooks.service.ts';
export { demoWebhookReceipts, webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';
