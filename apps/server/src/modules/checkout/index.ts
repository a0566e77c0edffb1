// Checkout: the donation form's payment calls and the payment providers' webhooks.

export { sandboxOnlyProviders } from './checkout.providers.ts';
export { checkoutRoutes } from './checkout.routes.ts';
