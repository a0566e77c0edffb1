// How often one address may call the form's anonymous conversion routes (decision 037): the
// beacon counts views, the reminder sends an e-mail, the started checkout keeps an address.
// Counted in PostgreSQL so every server instance sees the same counters.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { consumeOrThrow, createFailureLimiter, type FailureLimiter } from '../../platform/security/rate-limiter.ts';

export const CONVERSION_LIMIT_MESSAGES = {
  beacon: 'Too many page events from this address. Please try again later.',
  reminder: 'Too many reminder requests from this address. Please try again later.',
  checkout: 'Too many started donations from this address. Please try again later.',
} as const;

/** Calls per address (the beacon: per address and campaign) within one hour. */
export const CONVERSION_LIMITS = { beacon: 200, reminder: 10, checkout: 30 } as const;
const HOUR = 60 * 60;

export type ConversionLimiters = Record<keyof typeof CONVERSION_LIMITS, FailureLimiter>;

export function conversionLimiters(db: Db): ConversionLimiters {
  const limiter = (kind: keyof typeof CONVERSION_LIMITS) =>
    createFailureLimiter(db, {
      name: `conversion-${kind}`,
      limit: CONVERSION_LIMITS[kind],
      windowSeconds: HOUR,
      message: CONVERSION_LIMIT_MESSAGES[kind],
    });
  return { beacon: limiter('beacon'), reminder: limiter('reminder'), checkout: limiter('checkout') };
}

/** Counts this call from the client's address (behind TRUST_PROXY, the forwarded one); a 429 once over. */
export const countCall = (limiter: FailureLimiter, request: FastifyRequest, scope = '') =>
  consumeOrThrow(limiter, `${request.ip}|${scope}`);
