// Donation admin: one donation for staff (detail, refunds, receipt resend, history) and offline gifts.
export { type DonationAdminDeps, donationAdminRoutes } from './donation-admin.routes.ts';
// pay25: a payment request settled by hand is recorded as an offline gift.
export { OFFLINE_PROVIDER, recordOfflineGift } from './offline-gift.service.ts';
export {
  type ProviderEventOutcome,
  recordProviderMoneyEvent,
} from './provider-events.service.ts';
