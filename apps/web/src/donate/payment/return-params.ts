// The return path (docs/product/donation-form.md#provider-return): what the page finds in its query after the donor
// comes back from the wallet's approval page, the card provider's redirect or the wallet's vault approval, and
// the choice kept in this browser while the donor was away.
import type { TGivingInterval } from '@kindling/contracts';
import { GIVING_INTERVALS } from '@kindling/contracts/interval-rules.ts';
import type { DonationChoice } from '../donation-choice.ts';
import { type DonorDetails, EMPTY_DONOR } from './donor-details.ts';

export type PaymentReturn =
  | { kind: 'order'; orderId: string }
  | { kind: 'order-cancelled'; orderId: string }
  | { kind: 'vault'; approvalTokenId: string }
  | { kind: 'intent'; paymentIntent: string; clientSecret: string; succeeded: boolean; status: string }
  | { kind: 'none' };

/** Every parameter this page may have added or been given on return; removed once handled. */
// biome-ignore format: one list, read as a list
export const RETURN_PARAMS = [
  'paypal', 'token', 'PayerID', 'order_id', 'approval_token_id', 'approval_session_id', 'payment_intent',
  'payment_intent_client_secret', 'client_secret', 'redirect_status', 'status', 'stripe_account', 'kd_return',
  'amount', 'interval', 'npo', 'designation', 'email', 'first_name', 'last_name', 'payment_method',
  'thank_you_message', 'thank_you_url', 'campaign_name', 'answers', 'currency', 'address', 'address2', 'city',
  'state', 'zip', 'country', 'customInput', 'comment', 'peer', 'campaign_id', 'peer_campaign_id',
  'add_to_donor_wall', 'first_name_only_to_donor_wall', 'show_amount_on_donor_wall', 'show_comment_on_donor_wall',
  'create_donor_account', 'gift_aid', 'included_fees',
] as const;

/** Which return this is, if any. */
export function readPaymentReturn(search: string): PaymentReturn {
  const q = new URLSearchParams(search);
  const approval = q.get('approval_token_id');
  if (approval) return { kind: 'vault', approvalTokenId: approval };
  const order = q.get('token') ?? q.get('order_id');
  if (q.get('paypal') === 'cancel' && order) return { kind: 'order-cancelled', orderId: order };
  if (order && (q.get('paypal') === 'return' || q.has('PayerID'))) return { kind: 'order', orderId: order };
  const intent = q.get('payment_intent');
  const secret = q.get('payment_intent_client_secret') ?? q.get('client_secret');
  if (intent && secret) {
    const status = q.get('redirect_status') ?? q.get('status') ?? '';
    return { kind: 'intent', paymentIntent: intent, clientSecret: secret, succeeded: status === 'succeeded', status };
  }
  return { kind: 'none' };
}

const flag = (v: string | null) => v === 'true' || v === '1';
const number = (v: string | null): number | null => (v && /^\d+$/.test(v) ? Number(v) : null);

function answersOf(raw: string | null): DonationChoice['answers'] {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DonationChoice['answers']) : {};
  } catch {
    return {};
  }
}

/** The choice as the return query carries it (used when this browser kept none). */
export function choiceFromQuery(search: string): { choice: DonationChoice; donor: DonorDetails } | null {
  const q = new URLSearchParams(search);
  const total = number(q.get('amount'));
  const currency = (q.get('currency') ?? '').toUpperCase();
  if (total === null || !currency) return null;
  const fees = number(q.get('included_fees')) ?? 0;
  const interval = q.get('interval') as TGivingInterval;
  const choice: DonationChoice = {
    interval: (GIVING_INTERVALS as readonly string[]).includes(interval) ? interval : 'once',
    currency,
    giftMinor: total - fees,
    includedFeesMinor: fees,
    totalMinor: total,
    designation: number(q.get('designation')),
    comment: q.get('comment') ?? '',
    answers: answersOf(q.get('answers')),
    giftAid: flag(q.get('gift_aid')),
    donorWall: {
      add_to_donor_wall: flag(q.get('add_to_donor_wall')),
      first_name_only_to_donor_wall: flag(q.get('first_name_only_to_donor_wall')),
      show_amount_on_donor_wall: flag(q.get('show_amount_on_donor_wall')),
      show_comment_on_donor_wall: flag(q.get('show_comment_on_donor_wall')),
    },
    createDonorAccount: flag(q.get('create_donor_account')),
  };
  const donor: DonorDetails = {
    ...EMPTY_DONOR,
    firstName: q.get('first_name') ?? '',
    lastName: q.get('last_name') ?? '',
    email: q.get('email') ?? '',
    address: q.get('address') ?? '',
    address2: q.get('address2') ?? '',
    city: q.get('city') ?? '',
    state: q.get('state') ?? '',
    postalCode: q.get('zip') ?? '',
    country: q.get('country') ?? '',
  };
  return { choice, donor };
}

/**
 * The return address for a provider redirect: this page, with the return parameters of
 * docs/product/donation-form.md#provider-return so a donor who comes back in another tab still gets their gift
 * confirmed with their choices.
 */
export function returnUrlFor(
  href: string,
  campaign: { campaign_id: number; peer_campaign_id: number | null },
  choice: DonationChoice,
  donor: DonorDetails | null,
): string {
  const url = new URL(href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  const set = (name: string, value: string | number | boolean | null) => {
    if (value !== null && value !== '' && value !== false) url.searchParams.set(name, String(value));
  };
  set('kd_return', 1);
  set('campaign_id', campaign.campaign_id);
  set('peer_campaign_id', campaign.peer_campaign_id);
  set('amount', choice.totalMinor);
  set('included_fees', choice.includedFeesMinor);
  set('currency', choice.currency);
  set('interval', choice.interval);
  set('designation', choice.designation);
  set('comment', choice.comment);
  if (Object.keys(choice.answers).length > 0) set('answers', JSON.stringify(choice.answers));
  for (const [name, on] of Object.entries(choice.donorWall)) set(name, on);
  set('create_donor_account', choice.createDonorAccount);
  set('gift_aid', choice.giftAid);
  if (donor) {
    set('first_name', donor.firstName.trim());
    set('last_name', donor.lastName.trim());
    set('email', donor.email.trim());
    set('address', donor.address.trim());
    set('address2', donor.address2.trim());
    set('city', donor.city.trim());
    set('state', donor.state.trim());
    set('zip', donor.postalCode.trim());
    set('country', donor.country.trim());
  }
  return url.toString();
}

/** The page's address without any return parameter, for history.replaceState. */
export function withoutReturnParams(href: string): string {
  const url = new URL(href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

// The wallet's approval page returns to an address the server fixes (only the order id comes
// back), so the choice waits here, keyed by the provider's reference, for a day at most.
const PENDING_PREFIX = 'kindling-payment:';
const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

export type PendingPayment = { choice: DonationChoice; donor: DonorDetails | null; campaignId: number; at: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage blocked (private mode, third-party frame): the query is the fallback.
  }
}

export function savePending(reference: string, pending: Omit<PendingPayment, 'at'>): void {
  try {
    storage()?.setItem(PENDING_PREFIX + reference, JSON.stringify({ ...pending, at: Date.now() }));
  } catch {
    // Full or blocked storage: the return still works without the extra choices.
  }
}

/** Reads and forgets what was kept for `reference`; expired or foreign entries count as none. */
export function takePending(reference: string, campaignId: number): PendingPayment | null {
  const store = storage();
  const raw = store?.getItem(PENDING_PREFIX + reference);
  if (!store || !raw) return null;
  store.removeItem(PENDING_PREFIX + reference);
  try {
    const pending = JSON.parse(raw) as PendingPayment;
    if (Date.now() - pending.at > PENDING_TTL_MS || pending.campaignId !== campaignId) return null;
    return pending;
  } catch {
    return null;
  }
}
