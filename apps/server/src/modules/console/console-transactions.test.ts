import { ZConsoleTransactionList } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payForGift } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { API, as, npoIdOf } from './console.test-support.ts';

describe('the console transactions', () => {
  const ctx = useTestApp();

  it('finds a gift across organisations by e-mail, number, amount, provider and day; other filters leave it out', async () => {
    const gift = await payForGift(ctx, { amount: 2500, currency: 'USD', email: 'Console.Tx@example.org' }).then((g) =>
      g.confirm(),
    );
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    const northern = await npoIdOf(ctx, 'northern-lights-rescue');
    const operator = await as(ctx, 'console@kindling.test');
    const list = async (query: string) => {
      const res = await operator.get(`${API}/transactions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ZConsoleTransactionList.parse(res.json()).transactions;
    };
    const byEmail = await list('q=console.tx%40example.org');
    expect(byEmail).toEqual([
      expect.objectContaining({
        id: `payment-${gift.id}`,
        kind: 'payment',
        status: 'succeeded',
        npo_id: riverside,
        organisation: 'Riverside Food Bank',
        amount_minor: 2500,
        currency: 'USD',
        provider: 'sandbox',
        email: 'console.tx@example.org',
      }),
    ]);
    expect((await list(`q=${gift.id}`)).map((t) => t.id)).toEqual([`payment-${gift.id}`]);
    const today = new Date().toISOString().slice(0, 10);
    const all = `q=console.tx%40example.org&provider=sandbox&status=succeeded&kind=payment&from=${today}&to=${today}&min_minor=2500&max_minor=2500&npo_id=${riverside}`;
    expect(await list(all)).toHaveLength(1);
    for (const narrower of [
      `npo_id=${northern}`,
      'provider=stripe',
      'status=refunded',
      'kind=refund',
      'min_minor=2501',
      'max_minor=2499',
      'from=2099-01-01',
      'to=2000-01-01',
    ]) {
      expect(await list(`q=console.tx%40example.org&${narrower}`), narrower).toEqual([]);
    }
    expect((await list('')).map((t) => t.id)).toContain(`payment-${gift.id}`);
  });

  it('pages by keyset through every payment, refund and dispute of an organisation, newest first, each once', async () => {
    const riverside = await npoIdOf(ctx, 'riverside-food-bank');
    const operator = await as(ctx, 'console@kindling.test');
    const seen: string[] = [];
    let times: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await operator.get(
        `${API}/transactions?npo_id=${riverside}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = ZConsoleTransactionList.parse(res.json());
      seen.push(...page.transactions.map((t) => t.id));
      times = [...times, ...page.transactions.map((t) => Date.parse(t.created_at))];
      cursor = page.next_cursor;
    } while (cursor);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT ((SELECT count(*) FROM donations WHERE npo_id = ${riverside})
        + (SELECT count(*) FROM ledger_entries WHERE npo_id = ${riverside} AND kind IN ('refund', 'dispute')))::int AS n`);
    expect(seen.length).toBe(Number(rows[0]?.n));
    expect(seen.length).toBeGreaterThan(50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen.some((id) => id.startsWith('refund-'))).toBe(true);
  });

  it('exports the filtered rows as CSV and refuses bad filters with a field message', async () => {
    const gift = await payForGift(ctx, { amount: 1800, currency: 'USD', email: 'csv.tx@example.org' }).then((g) =>
      g.confirm(),
    );
    const operator = await as(ctx, 'console@kindling.test');
    const csv = await operator.get(`${API}/transactions/export?q=csv.tx%40example.org`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Date \(UTC\),Id,Kind,Status,Organisation/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`payment-${gift.id},payment,succeeded,Riverside Food Bank`);
    expect(lines[1]).toContain('1800,USD,sandbox');

    const badDay = await operator.get(`${API}/transactions?from=2026-13-45`);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().fields).toEqual({ from: 'Enter the first day as YYYY-MM-DD.' });
    const reversed = await operator.get(`${API}/transactions?from=2026-03-02&to=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({ to: 'The last day is before the first.' });
    const stale = await operator.get(`${API}/transactions?cursor=bm90LWEtY3Vyc29y`);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('This list has changed. Please reload the page.');
  });
});
