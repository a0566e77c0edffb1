import { MESSAGES } from '@kindling/contracts';
import { ApiError, NoResponseError } from '../../app/api-client.ts';

/** A failed account call as one sentence: the server's message when it sent one. */
export function profileErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof NoResponseError) return MESSAGES.noServerResponse;
  if (error instanceof ApiError) {
    const field = error.body?.fields ? Object.values(error.body.fields)[0] : undefined;
    return field || error.body?.message || fallback;
  }
  return fallback;
}
