import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { recordPaymentAttempt } from './index.ts';

describe('recordPaymentAttempt', () => {
  const ctx = useTestApp();
  let npoId = 0;

  beforeAll(async () => {
    npoId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
  });

  const rowsFor = async (reference: string) =>
    (
      await ctx.db.execute(
        sql`SELECT status, failure_code, failure_message, amount_minor, currency FROM payment_attempts WHERE provider_reference = ${reference} ORDER BY id`,
      )
    ).rows;

  it('stores a declined payment with the reason, once however often it is reported', async () => {
    const attempt = {
      npoId,
      provider: 'sandbox',
      providerReference: 'pi_attempt_1',
      email: 'ada@example.org',
      amountMinor: 2500,
      currency: 'usd',
      status: 'failed' as const,
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
    };
    await recordPaymentAttempt(ctx.db, attempt);
    await recordPaymentAttempt(ctx.db, attempt);
    expect(await rowsFor('pi_attempt_1')).toEqual([
      {
        status: 'failed',
        failure_code: 'card_declined',
        failure_message: 'Your card was declined.',
        amount_minor: 2500,
        currency: 'USD',
      },
    ]);
  });

  it('keeps a different outcome of the same payment, and attempts without a reference', async () => {
    const base = { npoId, provider: 'sandbox', amountMinor: 1000, currency: 'EUR' };
    await recordPaymentAttempt(ctx.db, { ...base, providerReference: 'pi_attempt_2', status: 'requires_action' });
    await recordPaymentAttempt(ctx.db, {
      ...base,
      providerReference: 'pi_attempt_2',
      status: 'failed',
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
    });
    expect((await rowsFor('pi_attempt_2')).map((r) => r.status)).toEqual(['requires_action', 'failed']);
    await recordPaymentAttempt(ctx.db, { ...base, providerReference: null, status: 'failed', failureMessage: 'x' });
    await recordPaymentAttempt(ctx.db, { ...base, providerReference: null, status: 'failed', failureMessage: 'x' });
    const unnamed = await ctx.db.execute(sql`SELECT id FROM payment_attempts WHERE provider_reference IS NULL`);
    expect(unnamed.rows).toHaveLength(2);
  });
});
