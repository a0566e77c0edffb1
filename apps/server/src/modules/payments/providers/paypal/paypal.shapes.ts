// The parts of PayPal's JSON we read, and the metadata round trip through custom_id.
import type { PaymentMetadata, PaymentStatus, WalletOrderStatus } from '../payment-provider.ts';

export type PayPalMoney = { currency_code: string; value: string };
export type PayPalLink = { href: string; rel: string; method?: string };
export type PayPalCapture = {
  id: string;
  status: string;
  amount?: PayPalMoney;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
  payee?: { merchant_id?: string };
  links?: PayPalLink[];
};
export type PayPalOrder = {
  id: string;
  status: string;
  links?: PayPalLink[];
  payer?: { email_address?: string };
  payment_source?: { paypal?: { email_address?: string } };
  purchase_units?: Array<{ custom_id?: string; amount?: PayPalMoney; payments?: { captures?: PayPalCapture[] } }>;
};

/** PayPal keeps at most 127 characters of our own reference per purchase unit. */
const CUSTOM_ID_MAX = 127;

/** Metadata as a query string in custom_id; keys that no longer fit are left out, in order. */
export function encodeCustomId(metadata: PaymentMetadata): string | undefined {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(metadata)) {
    params.append(key, value);
    if (params.toString().length > CUSTOM_ID_MAX) params.delete(key);
  }
  const text = params.toString();
  return text || undefined;
}

export const decodeCustomId = (customId: string | undefined): PaymentMetadata =>
  customId ? Object.fromEntries(new URLSearchParams(customId)) : {};

const ORDER_STATUS: Record<string, WalletOrderStatus> = {
  CREATED: 'created',
  SAVED: 'created',
  APPROVED: 'approved',
  VOIDED: 'voided',
  COMPLETED: 'completed',
  PAYER_ACTION_REQUIRED: 'payer_action_required',
};
export const orderStatusOf = (status: string): WalletOrderStatus => ORDER_STATUS[status] ?? 'created';

const CAPTURE_STATUS: Record<string, PaymentStatus> = {
  COMPLETED: 'succeeded',
  PENDING: 'processing',
  DECLINED: 'failed',
  FAILED: 'failed',
};
export const captureStatusOf = (status: string | undefined): PaymentStatus =>
  CAPTURE_STATUS[status ?? ''] ?? 'processing';

/** The link the payer opens: `approve` for vault and older orders, `payer-action` for newer ones. */
export const approveLinkOf = (links: PayPalLink[] | undefined): string | null =>
  links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
