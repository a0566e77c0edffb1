// Payment processors per organisation (/admin/processors): Stripe and PayPal connections.

export { processorRoutes } from './processors.routes.ts';
export { processorsReader } from './processors.service.ts';
