import type { ProviderName } from './payment-provider.ts';

/**
 * Why a provider call failed, in our words. Callers branch on the code and show `providerMessage`
 * (the provider's user-facing text, e.g. 'Your card was declined.'); nobody parses English.
 */
export const providerErrorCodes = [
  'card_declined',
  'authentication_required',
  'invalid_card',
  'invalid_request',
  'invalid_amount',
  'currency_not_supported',
  'not_found',
  'unexpected_state',
  'idempotency_conflict',
  'not_configured',
  'not_supported',
  'provider_auth_failed',
  'rate_limited',
  'provider_unavailable',
  'invalid_signature',
] as const;
export type ProviderErrorCode = (typeof providerErrorCodes)[number];

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly code: ProviderErrorCode,
    /** Text safe to show a donor; the provider's own when it gave one. */
    readonly providerMessage: string,
    readonly details: { httpStatus?: number; providerCode?: string; declineCode?: string; requestId?: string } = {},
  ) {
    super(`${provider}: ${code}: ${providerMessage}`);
    this.name = 'ProviderError';
  }

  /** Whether the donor can fix it (another card, other details) rather than us or the provider. */
  get isDonorFixable(): boolean {
    return ['card_declined', 'authentication_required', 'invalid_card', 'invalid_amount'].includes(this.code);
  }
}

/** A webhook whose signature, timestamp or shape does not verify: answer 400 and change nothing. */
export class WebhookSignatureError extends ProviderError {
  constructor(provider: ProviderName, reason: string) {
    super(provider, 'invalid_signature', reason);
    this.name = 'WebhookSignatureError';
  }
}

export const GENERIC_PAYMENT_MESSAGE = 'There was an error processing your payment. Please try again.';
