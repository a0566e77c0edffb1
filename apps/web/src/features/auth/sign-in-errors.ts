import { MESSAGES } from '@kindling/contracts';
import { ApiError, NoResponseError } from '../../app/api-client.ts';

/**
 * The password sign-in catalogue in docs/product/sign-in.md#messages. The body's status field is checked before the
 * HTTP status, as docs/product/sign-in.md#messages lists it. HTTP 429 (throttling) is ours: the server's message
 * says how long to wait, which 'Login failed' would not.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof NoResponseError) return MESSAGES.noServerResponse;
  if (!(error instanceof ApiError)) return MESSAGES.loginFailed;
  if (error.body?.status === 500) return MESSAGES.invalidCredentials;
  if (error.body?.status === 403) return MESSAGES.deviceNotAuthorized;
  if (error.status === 422 || error.status === 500) return MESSAGES.invalidCredentials;
  if (error.status === 401) return MESSAGES.unauthorized;
  if (error.status === 429) return error.body?.message || MESSAGES.tooManyAttempts;
  return MESSAGES.loginFailed;
}

/** A 200 answer whose status field reports a failure is treated as that failure (docs/product/sign-in.md#messages). */
export function failedStatusMessage(status: number | undefined): string | null {
  if (status === 500) return MESSAGES.invalidCredentials;
  if (status === 403) return MESSAGES.deviceNotAuthorized;
  return null;
}

const serverMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.body?.message ? error.body.message : null;

/** One-time password: the server's message, else 'MFA verification failed'; no response says so. */
export function otpErrorMessage(error: unknown): string {
  if (error instanceof NoResponseError) return MESSAGES.noServerResponse;
  return serverMessage(error) ?? MESSAGES.mfaFailed;
}

/** Backup code: the server's message, else 'Backup code verification failed'. */
export function backupCodeErrorMessage(error: unknown): string {
  return serverMessage(error) ?? MESSAGES.backupCodeFailed;
}

/** Stripe sign-in: the server's message, else 'Stripe login failed.' */
export function stripeErrorMessage(error: unknown): string {
  return serverMessage(error) ?? MESSAGES.stripeLoginFailed;
}
