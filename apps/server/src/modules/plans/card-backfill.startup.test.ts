// The backfill starts with the app when PLAN_CARD_BACKFILL is on: a plan saved without a card
// description gets it with no one calling anything (a second instance started on the same database).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { createTestPlan, isolatedOrganisation, planById } from './plans.test-support.ts';

const ctx = useTestApp();

describe('the card backfill at start-up', () => {
  it('runs when the app starts with PLAN_CARD_BACKFILL=on, and not in tests by default', async () => {
    const npoId = await isolatedOrganisation(ctx.db, 'Startup Backfill Shelter');
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: new Date(), cardExpiry: { month: 10, year: 2033 } });
    // The test app (off by default under NODE_ENV=test) left it alone.
    await new Promise((r) => setTimeout(r, 500));
    expect((await planById(ctx.db, plan.id)).cardExpYear).toBeNull();

    const second = await buildApp({
      config: { ...ctx.config, PLAN_CARD_BACKFILL: 'on', JOB_POLL_INTERVAL_SECONDS: 0.5 },
      db: ctx.db,
      mailer: ctx.mailer,
    });
    try {
      for (let waited = 0; waited < 15_000 && (await planById(ctx.db, plan.id)).cardExpYear === null; waited += 200) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await planById(ctx.db, plan.id)).toMatchObject({ cardLast4: '4242', cardExpMonth: 10, cardExpYear: 2033 });
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'recurring.card_backfill'`);
      expect(Number(rows[0]?.n)).toBe(1);
    } finally {
      await second.close();
    }
  });
});
