// Checkout: the donation form's payment calls and the payment providers' webhooks.

export type { DonationFollowUp, RecordedGift } from './after-donation.ts';
export { checkoutRoutes } from './checkout.routes.ts';
