// Checkout: the donation form's payment calls and the payment providers' webhooks.

export { checkoutRoutes } from './checkout.routes.ts';
