// The scheduler's real clock: with RECURRING_SWEEP_SECONDS set, the app's ticker sends the keyed
// sweep job and a worker charges a plan that is due, without anyone calling the sweep.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { countRows, createTestPlan, isolatedOrganisation, planById } from './plans.test-support.ts';

const ctx = useTestApp({ env: { RECURRING_SWEEP_SECONDS: '1', JOB_POLL_INTERVAL_SECONDS: '0.5' } });

describe('the sweep job', () => {
  it('charges a due plan on its own, once', async () => {
    const npoId = await isolatedOrganisation(ctx.db, 'Sweep Job Shelter');
    // Started a month and two days ago: its first charge is due now.
    const plan = await createTestPlan(ctx.db, { npoId, startedAt: new Date(Date.now() - 33 * 86_400_000) });
    expect((plan.nextChargeAt as Date).getTime()).toBeLessThan(Date.now());
    for (let waited = 0; waited < 20_000 && (await countRows(ctx.db, 'donations', plan.id)) < 2; waited += 200) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await countRows(ctx.db, 'donations', plan.id)).toBe(2);
    const after = await planById(ctx.db, plan.id);
    expect(after.status).toBe('active');
    expect((after.nextChargeAt as Date).getTime()).toBeGreaterThan(Date.now());
    // Later sweeps (one a second) leave it alone.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await countRows(ctx.db, 'donations', plan.id)).toBe(2);
  });
});
