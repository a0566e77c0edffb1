// Checkout: the donation form's payment calls and the payment providers' webhooks.

export { checkoutRoutes } from './checkout.routes.ts';
// pay25: the gate payment requests hand to checkout.
export type { PaymentRequestGate } from './checkout.service.ts';
