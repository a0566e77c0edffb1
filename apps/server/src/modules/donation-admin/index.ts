// Donation admin: one donation for staff (detail, refunds, receipt resend, history) and offline gifts.
export { type DonationAdminDeps, donationAdminRoutes } from './donation-admin.routes.ts';
export { OFFLINE_PROVIDER } from './offline-gift.service.ts';
export {
  type ProviderEventOutcome,
  recordProviderMoneyEvent,
} from './provider-events.service.ts';
