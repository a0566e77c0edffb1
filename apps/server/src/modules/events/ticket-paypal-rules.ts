// When the event page offers PayPal for a ticket order (docs/decisions/081-paypal-tickets-and-qr-fallback.md):
// as the donation form's PayPal tab, the sandbox's approval page without keys, real PayPal once the
// organisation has connected its merchant account.
import type { PaymentProviders } from '../payments/index.ts';

export const paypalOffered = (
  providers: PaymentProviders,
  npo: { paypal_merchant_id: string | null; paypal_email: string | null },
): boolean =>
  providers.wallet.name === 'sandbox' || (providers.paypal !== null && !!npo.paypal_merchant_id && !!npo.paypal_email);
