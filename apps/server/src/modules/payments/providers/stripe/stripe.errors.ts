import Stripe from 'stripe';
import { GENERIC_PAYMENT_MESSAGE, ProviderError, type ProviderErrorCode } from '../provider-error.ts';

type StripeErrorLike = Stripe.errors.StripeError;

const isStripeError = (error: unknown): error is StripeErrorLike => error instanceof Stripe.errors.StripeError;

/** Stripe's error `code`s we branch on (https://docs.stripe.com/error-codes). */
const CODE_MAP: Record<string, ProviderErrorCode> = {
  resource_missing: 'not_found',
  amount_too_small: 'invalid_amount',
  amount_too_large: 'invalid_amount',
  payment_intent_unexpected_state: 'unexpected_state',
  idempotency_key_in_use: 'idempotency_conflict',
  authentication_required: 'authentication_required',
};

/** By the SDK's error class (its `type`), never by the English message. */
function codeFor(error: StripeErrorLike): ProviderErrorCode {
  switch (error.type) {
    case 'StripeCardError':
      return error.code === 'authentication_required' ? 'authentication_required' : 'card_declined';
    case 'StripeIdempotencyError':
      return 'idempotency_conflict';
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return 'provider_auth_failed';
    case 'StripeRateLimitError':
      return 'rate_limited';
    case 'StripeConnectionError':
    case 'StripeAPIError':
      return 'provider_unavailable';
    default:
      if (error.code && CODE_MAP[error.code]) return CODE_MAP[error.code] as ProviderErrorCode;
      if (error.param === 'currency') return 'currency_not_supported';
      return 'invalid_request';
  }
}

/** Card and amount messages are written by Stripe for the payer; the rest are for developers. */
const DONOR_FACING: ReadonlySet<ProviderErrorCode> = new Set([
  'card_declined',
  'authentication_required',
  'invalid_amount',
]);

export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!isStripeError(error)) {
    return new ProviderError('stripe', 'provider_unavailable', GENERIC_PAYMENT_MESSAGE);
  }
  const code = codeFor(error);
  return new ProviderError('stripe', code, DONOR_FACING.has(code) ? error.message : GENERIC_PAYMENT_MESSAGE, {
    httpStatus: error.statusCode,
    providerCode: error.code,
    declineCode: error.decline_code,
    requestId: error.requestId,
  });
}

/** Runs a Stripe call, translating whatever it throws. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toProviderError(error);
  }
}
