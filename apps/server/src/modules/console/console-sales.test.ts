import { ZConsoleSales } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { API, as, npoIdOf } from './console.test-support.ts';

describe('the console sales', () => {
  const ctx = useTestApp();

  it('shows what each organisation owes at its rate where no provider took the fee, by month, and exports it', async () => {
    const operator = await as(ctx, 'console@kindling.test');
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    const sales = async () => ZConsoleSales.parse((await operator.get(`${API}/sales`)).json());
    const before = await sales();
    const month = new Date().toISOString().slice(0, 7);
    const riversideOf = (s: typeof before) => s.by_organisation.find((o) => o.npo_id === riverside);
    // The platform default is 0: nothing is owed by an organisation without a rate of its own.
    expect(riversideOf(before)).toMatchObject({ fee_bps: 0, owed_minor: 0 });
    // Harbour Hope Trust's provider took its 2% on every gift: it owes nothing.
    expect(before.by_organisation.find((o) => o.name === 'Harbour Hope Trust')).toMatchObject({
      fee_bps: 200,
      gross_minor: 23_500,
      fees_minor: 470,
      owed_minor: 0,
    });

    const fee = await operator.put(`${API}/organizations/${riverside}/fee`, {
      platform_fee_bps: 100,
      reason: 'Agreed rate',
    });
    expect(fee.statusCode, fee.body).toBe(200);
    await payForGift(ctx, { amount: 10_000, currency: 'USD', email: 'owed@example.org' }).then((g) => g.confirm());
    const after = await sales();
    const own = riversideOf(after);
    const thisMonth = own?.months.find((m) => m.period === month);
    const earlier = riversideOf(before)?.months.find((m) => m.period === month);
    expect(thisMonth?.gross_minor).toBe((earlier?.gross_minor ?? 0) + 10_000);
    // The sandbox takes no application fee: 1% of the month's gross is owed, 100.00 of it this gift's.
    expect(thisMonth?.fees_minor).toBe(0);
    expect(thisMonth?.owed_minor).toBe(Math.round((thisMonth?.gross_minor ?? 0) / 100));
    expect(thisMonth?.owed_minor).toBeGreaterThanOrEqual(100);
    expect(own).toMatchObject({ fee_bps: 100 });
    expect(after.by_organisation[0]?.npo_id).toBe(riverside);
    expect(after.by_month.at(-1)?.owed_minor).toBe(thisMonth?.owed_minor);

    const csv = await operator.get(`${API}/sales/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Organisation,Organisation id,Month,Rate (bps),Gross,Fees taken,Owed,Currency');
    expect(lines).toContain(
      `Riverside Food Bank,${riverside},${month},100,${thisMonth?.gross_minor},0,${thisMonth?.owed_minor},USD`,
    );
  });
});
