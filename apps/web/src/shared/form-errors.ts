import { MESSAGES } from '@kindling/contracts';
import { ApiError, NoResponseError } from '../app/api-client.ts';

/**
 * Splits a failed call into field errors (the server's `fields`, shown under each input) and one
 * message for the form. `fallback` is used when the server said nothing useful.
 */
export function describeFormError(
  error: unknown,
  fallback: string,
): { fields: Record<string, string>; message: string | null } {
  if (error instanceof NoResponseError) return { fields: {}, message: MESSAGES.noServerResponse };
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields = error.body?.fields ?? {};
  // With field errors the inputs say it all; a generic "validation failed" adds nothing.
  if (Object.keys(fields).length > 0) return { fields, message: null };
  return { fields, message: error.body?.message || fallback };
}
