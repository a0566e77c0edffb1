import { sql } from 'drizzle-orm';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { rateLimitHits } from './rate-limit-hits.tables.ts';
import { sha256Hex } from './tokens.ts';

/**
 * Counts failures per key in PostgreSQL, so every server instance sees the same counters.
 * `assertAllowed` refuses once `limit` failures happened within the window.
 */
export type FailureLimiter = {
  assertAllowed: (key: string) => Promise<void>;
  /** True once `limit` failures happened within the window, for callers that slow down rather than refuse. */
  isOverLimit: (key: string) => Promise<boolean>;
  /** Counts one failure; answers the failures of the current window (this one included) and when it began. */
  recordFailure: (key: string) => Promise<FailureCount>;
  reset: (key: string) => Promise<void>;
};

export type FailureCount = { failures: number; windowStartedAt: Date };

export type FailureLimiterOptions = { name: string; limit: number; windowSeconds: number; message: string };

async function recordHit(db: Db, limiter: string, keyDigest: string): Promise<void> {
  await db.delete(rateLimitHits).where(sql`${rateLimitHits.createdAt} < now() - interval '90 days'`);
  await db.insert(rateLimitHits).values({ limiter, keyDigest });
}

export function createFailureLimiter(db: Db, options: FailureLimiterOptions): FailureLimiter {
  const limiter = new RateLimiterPostgres({
    storeClient: db.$client,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: options.name,
    points: options.limit,
    duration: options.windowSeconds,
  });
  // Keys may hold e-mail addresses and IPs: store a digest, which also fits the 255-character key column.
  const keyOf = (key: string) => sha256Hex(key);
  const over = async (key: string) => {
    const res = await limiter.get(keyOf(key));
    return res && res.consumedPoints >= options.limit ? res : null;
  };
  return {
    assertAllowed: async (key) => {
      const res = await over(key);
      // con24b: each refusal is kept for the console's security screen (rows past 90 days go with it).
      if (res) await recordHit(db, options.name, keyOf(key));
      if (res) throw new AppError('TOO_MANY_ATTEMPTS', options.message, undefined, Math.ceil(res.msBeforeNext / 1000));
    },
    isOverLimit: async (key) => (await over(key)) !== null,
    recordFailure: async (key) => {
      const res = await limiter.penalty(keyOf(key), 1);
      const windowEndsAt = Date.now() + res.msBeforeNext;
      return { failures: res.consumedPoints, windowStartedAt: new Date(windowEndsAt - options.windowSeconds * 1000) };
    },
    reset: async (key) => {
      await limiter.delete(keyOf(key));
    },
  };
}

/** Counts every call (not only failures): for requests that must not be repeated too often. */
export async function consumeOrThrow(limiter: FailureLimiter, key: string): Promise<void> {
  await limiter.assertAllowed(key);
  await limiter.recordFailure(key);
}
