import { AppError, type TErrorCode } from '../../../platform/http/app-error.ts';
import { ProviderError, type ProviderErrorCode } from './provider-error.ts';

/** One HTTP answer per provider error code, for every payment endpoint. */
const ERROR_CODES: Record<ProviderErrorCode, TErrorCode> = {
  card_declined: 'VALIDATION_FAILED',
  authentication_required: 'VALIDATION_FAILED',
  invalid_card: 'VALIDATION_FAILED',
  invalid_request: 'VALIDATION_FAILED',
  invalid_amount: 'VALIDATION_FAILED',
  currency_not_supported: 'VALIDATION_FAILED',
  invalid_signature: 'VALIDATION_FAILED',
  not_found: 'NOT_FOUND',
  unexpected_state: 'CONFLICT',
  idempotency_conflict: 'CONFLICT',
  not_configured: 'NOT_CONFIGURED',
  not_supported: 'NOT_CONFIGURED',
  provider_auth_failed: 'PROVIDER_ERROR',
  rate_limited: 'PROVIDER_ERROR',
  provider_unavailable: 'PROVIDER_ERROR',
};

/**
 * A provider failure as the API's error (400, 404, 409, 501 or 502) carrying the provider's
 * payer-facing message; anything else is returned unchanged for the global handler.
 */
export function providerErrorToAppError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  return new AppError(ERROR_CODES[error.code], error.providerMessage);
}
