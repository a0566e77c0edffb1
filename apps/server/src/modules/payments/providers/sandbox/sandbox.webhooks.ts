// Sandbox events travel like a real provider's: a JSON body signed with an HMAC header, handed
// to a sink that the donations module points at POST /api/v1/webhooks/sandbox.
import { hmacHex, randomToken, safeEqual } from '../../../../platform/security/tokens.ts';
import type { PaymentMetadata, ProviderEvent, ProviderEventType, WebhookHeaders } from '../payment-provider.ts';
import { headerValue, providerEventTypes } from '../payment-provider.ts';
import { WebhookSignatureError } from '../provider-error.ts';

export const SANDBOX_SIGNATURE_HEADER = 'kindling-sandbox-signature';
const TOLERANCE_SECONDS = 300;

export type SandboxEventData = {
  id: string;
  npo_id: number;
  account_id: string | null;
  amount_minor: number | null;
  currency: string | null;
  metadata: PaymentMetadata;
  failure_message?: string;
  /** payment.failed of a card: the declined card, as Stripe's events carry it. */
  card_fingerprint?: string;
  card_last4?: string;
  /** refund.recorded: the refund (its id and amount) of the payment `id`. */
  refund?: { id: string; amount_minor: number };
  /** dispute.opened / dispute.closed, of the payment `id`. */
  dispute?: { id: string; amount_minor: number; reason: string | null; outcome: 'won' | 'lost' | null };
};

export type SandboxWebhookDelivery = { rawBody: string; headers: Record<string, string> };
/** Delivers one signed event, e.g. app.inject({ method: 'POST', url: '/api/v1/webhooks/sandbox', … }). */
export type SandboxWebhookSink = (delivery: SandboxWebhookDelivery) => Promise<void>;

/** The signing key is derived from the session secret, never the secret itself. */
export const sandboxWebhookKey = (sessionSecret: string): string => hmacHex(sessionSecret, 'sandbox-webhook-signing');

export function signSandboxPayload(key: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmacHex(key, `${timestamp}.${rawBody}`)}`;
}

export function buildSandboxEvent(
  key: string,
  type: ProviderEventType,
  data: SandboxEventData,
): SandboxWebhookDelivery {
  const rawBody = JSON.stringify({
    id: `evt_sandbox_${randomToken(12)}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data,
  });
  return {
    rawBody,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(key, rawBody) },
  };
}

/** Verifies like Stripe's constructEvent: HMAC over "t.body", within five minutes. */
export function parseSandboxWebhook(key: string, rawBody: Buffer | string, headers: WebhookHeaders): ProviderEvent {
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const header = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
  if (!header) throw new WebhookSignatureError('sandbox', `Missing ${SANDBOX_SIGNATURE_HEADER} header`);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1)
    throw new WebhookSignatureError('sandbox', 'Malformed signature header');
  if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('sandbox', 'The signature timestamp is outside the tolerance');
  }
  if (!safeEqual(parts.v1, hmacHex(key, `${timestamp}.${body}`))) {
    throw new WebhookSignatureError('sandbox', 'The signature does not match the payload');
  }
  const event = JSON.parse(body) as { id: string; type: ProviderEventType; data: SandboxEventData };
  if (!providerEventTypes.includes(event.type)) throw new WebhookSignatureError('sandbox', 'Unknown event type');
  return {
    id: event.id,
    type: event.type,
    providerType: `sandbox.${event.type}`,
    providerReference: event.data.id,
    accountId: event.data.account_id,
    amountMinor: event.data.amount_minor,
    currency: event.data.currency,
    metadata: event.data.metadata,
    ...(event.data.failure_message ? { failureMessage: event.data.failure_message } : {}),
    ...(event.data.card_fingerprint ? { cardFingerprint: event.data.card_fingerprint } : {}),
    ...(event.data.card_last4 ? { cardLast4: event.data.card_last4 } : {}),
    ...extrasOf(event.data),
  };
}

/** The refund or dispute a sandbox event carries, in the provider interface's shape. */
function extrasOf(data: SandboxEventData): Pick<ProviderEvent, 'refunds' | 'dispute'> {
  const currency = data.currency ?? '';
  if (data.refund) return { refunds: [{ id: data.refund.id, amountMinor: data.refund.amount_minor, currency }] };
  if (data.dispute) {
    const { id, amount_minor, reason, outcome } = data.dispute;
    return { dispute: { id, amountMinor: amount_minor, currency, reason, outcome } };
  }
  return {};
}
