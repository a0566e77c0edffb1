import { ZDonationListTotals, ZIncomeReport, ZTableReport } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { recordSucceededPayment } from '../donations/index.ts';

// The recurring report (docs/product/reports.md#recurring; its access is tested with the other table
// reports in table-reports.test.ts): tenancy, bad input, MRR movement and failed charges on plans
// written here, reconciling with the income report and the donations list, the demo's plans, and the
// downloads.
const BASE = '/api/v1/npo_admin/reports';
const year = new Date().getUTCFullYear() - 1;
const at = (monthDay: string) => new Date(`${year}-${monthDay}T12:00:00Z`);
const spring = { from: `${year}-03-01`, to: `${year}-06-30` };

describe('recurring report API', () => {
  const ctx = useTestApp();
  let finance: TestClient;
  let outsider: TestClient;
  let npoId = 0;
  let reference = 0;

  const get = async (client: TestClient, query: Record<string, string>) => {
    const res = await client.get(`${BASE}/recurring?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZTableReport.parse(res.json());
  };

  /** A gift of the outsider's organisation; `planId` makes it a charge of that plan. */
  const charge = async (email: string, amountMinor: number, when: Date, currency = 'USD', planId?: number) => {
    reference += 1;
    const { donation } = await recordSucceededPayment(ctx.db, {
      npoId,
      campaignId: null,
      provider: 'sandbox',
      providerReference: `recurring_report_${reference}`,
      amountMinor,
      currency,
      interval: 'monthly',
      donor: { email, firstName: 'Rita', lastName: 'Recurring' },
      recurringPlanId: planId ?? null,
      occurredAt: when,
    });
    return donation;
  };

  /** A plan started by a first gift on `start` (linked both ways, as checkout does, unless `linked` is false). */
  const startPlan = async (
    email: string,
    amountMinor: number,
    interval: string,
    start: string,
    currency = 'USD',
    linked = true,
  ) => {
    const first = await charge(email, amountMinor, at(start), currency);
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      INSERT INTO recurring_plans (npo_id, donor_id, amount_minor, currency, interval, provider, status, anchor_at,
        started_at, first_donation_id, next_charge_at)
      VALUES (${npoId}, ${first.donorId}, ${amountMinor}, ${currency}, ${interval}, 'sandbox', 'active',
        ${at(start).toISOString()}, ${at(start).toISOString()}, ${first.id}, now() + interval '1 month')
      RETURNING id`);
    const id = Number(rows[0]?.id);
    if (linked) await ctx.db.execute(sql`UPDATE donations SET recurring_plan_id = ${id} WHERE id = ${first.id}`);
    return { id, first };
  };

  const failure = (planId: number, amountMinor: number, when: string) =>
    ctx.db.execute(sql`
      INSERT INTO payment_attempts (npo_id, provider, provider_reference, recurring_plan_id, amount_minor, currency,
        status, failure_code, created_at)
      VALUES (${npoId}, 'sandbox', ${`pa_recurring_${planId}_${when}`}, ${planId}, ${amountMinor}, 'USD', 'failed',
        'card_declined', ${at(when).toISOString()})`);

  const setPlan = (id: number, change: ReturnType<typeof sql>) =>
    ctx.db.execute(sql`UPDATE recurring_plans SET ${change} WHERE id = ${id}`);

  let eurBase = 0;

  beforeAll(async () => {
    finance = new TestClient(ctx.app);
    await finance.signIn('finance@kindling.test');
    outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'recurring-report-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Outsider Recurring Trust' });
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`UPDATE npos SET time_zone = 'UTC', base_currency = 'USD' WHERE name = 'Outsider Recurring Trust' RETURNING id`,
    );
    npoId = Number(rows[0]?.id);
    // March: three plans start (a yearly one counts a twelfth a month).
    const growing = await startPlan('grow@example.org', 1000, 'monthly', '03-05');
    const leaving = await startPlan('leave@example.org', 2500, 'monthly', '03-10');
    await startPlan('yearly@example.org', 12000, 'yearly', '03-15');
    // April: the first is charged more (expansion), the second is cancelled (churn).
    await charge('grow@example.org', 1500, at('04-05'), 'USD', growing.id);
    await setPlan(leaving.id, sql`status = 'cancelled', cancelled_at = ${at('04-08').toISOString()}`);
    // May: the first is charged less (contraction); two plans start, one in EUR at its stored rate.
    await charge('grow@example.org', 1200, at('05-05'), 'USD', growing.id);
    await setPlan(growing.id, sql`amount_minor = 1200`);
    const euro = await startPlan('euro@example.org', 2000, 'monthly', '05-20', 'EUR');
    eurBase = euro.first.baseAmountMinor;
    const lost = await startPlan('lost@example.org', 800, 'monthly', '05-01');
    // June: the first fails twice then is paid by a retry (recovered); the EUR plan fails and is
    // still retrying; the last fails for good and is cancelled.
    await failure(growing.id, 1200, '06-05');
    await failure(growing.id, 1200, '06-06');
    await charge('grow@example.org', 1200, at('06-08'), 'USD', growing.id);
    await failure(euro.id, 2000, '06-20');
    await setPlan(euro.id, sql`status = 'past_due'`);
    await failure(lost.id, 800, '06-01');
    await setPlan(
      lost.id,
      sql`status = 'cancelled', failure_reason = 'retries_exhausted', cancelled_at = ${at('06-14').toISOString()}`,
    );
  });

  it('another organisation sees none of these plans; its campaign and segment ids are 404 here', async () => {
    const demo = await get(finance, { ...spring, view: 'plans' });
    expect(demo.rows.some((r) => Number(r.cells.plans) === 4 && r.key === 'monthly')).toBe(false);
    const segment = await outsider.post('/api/v1/npo_admin/segments', { name: 'Theirs', kind: 'static' });
    expect(segment.statusCode, segment.body).toBe(201);
    const bySegment = await finance.get(`${BASE}/recurring?segment_id=${segment.json().id}`);
    expect(bySegment.statusCode).toBe(404);
    // A campaign of the demo's is not the outsider's: 404.
    const demoCampaign = await ctx.db.execute<{ id: number }>(sql`
      SELECT c.id FROM campaigns c JOIN npos n ON n.id = c.npo_id WHERE n.slug = 'riverside-food-bank' LIMIT 1`);
    const foreign = await outsider.get(`${BASE}/recurring?campaign_id=${demoCampaign.rows[0]?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Campaign not found.');
  });

  it('bad filters answer 400 with a sentence', async () => {
    const unknown = await finance.get(`${BASE}/recurring?view=arr`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a view of this report: mrr, plans, charges.');
    const backwards = await finance.get(`${BASE}/recurring?from=2026-02-01&to=2026-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end date must not be before the start date.');
    expect((await finance.get(`${BASE}/recurring?from=2026-02-30`)).statusCode).toBe(400);
    expect((await finance.get(`${BASE}/recurring/download?format=doc`)).statusCode).toBe(400);
  });

  it('MRR movement: new, expansion, contraction and churn per month, adding up to month-end MRR', async () => {
    const report = await get(outsider, spring);
    expect(report.view).toBe('mrr');
    const byMonth = Object.fromEntries(report.rows.map((r) => [r.key, r.cells]));
    expect(Object.keys(byMonth)).toEqual([`${year}-03`, `${year}-04`, `${year}-05`, `${year}-06`]);
    expect(byMonth[`${year}-03`]).toMatchObject({ opening: 0, new_mrr: 4500, closing: 4500, plans: 3, new_plans: 3 });
    expect(byMonth[`${year}-04`]).toMatchObject({ opening: 4500, expansion: 500, churn: 2500, closing: 2500 });
    expect(byMonth[`${year}-05`]).toMatchObject({ contraction: 300, new_mrr: 800 + eurBase, closing: 3000 + eurBase });
    expect(byMonth[`${year}-06`]).toMatchObject({ churn: 800, closing: 2200 + eurBase, churned_plans: 1 });
    for (const cells of [...Object.values(byMonth), report.totals ?? {}]) {
      const n = (k: string) => Number(cells[k]);
      expect(n('opening') + n('new_mrr') + n('expansion') - n('contraction') - n('churn')).toBe(n('closing'));
    }
    expect(report.totals).toMatchObject({ opening: 0, closing: 2200 + eurBase, churn: 3300 });
  });

  it('MRR carries a plan’s latest charge through months without one; a stop month counts the month before', async () => {
    // Autumn, after the plans above: one plan started and charged before the period, carried through
    // two months without a charge, then charged twice in one month (the later counts); one charged
    // more in the month it is cancelled (churn of what it was); one paused; a yearly one started.
    const carried = await startPlan('carried@example.org', 1000, 'monthly', '07-10');
    await charge('carried@example.org', 1300, at('08-10'), 'USD', carried.id);
    await charge('carried@example.org', 1100, at('11-05'), 'USD', carried.id);
    await charge('carried@example.org', 900, at('11-10'), 'USD', carried.id);
    const cancelled = await startPlan('raised-then-left@example.org', 2000, 'monthly', '09-03');
    await charge('raised-then-left@example.org', 2600, at('10-03'), 'USD', cancelled.id);
    await setPlan(cancelled.id, sql`status = 'cancelled', cancelled_at = ${at('10-20').toISOString()}`);
    const paused = await startPlan('paused@example.org', 500, 'monthly', '09-15');
    await setPlan(paused.id, sql`status = 'paused', paused_at = ${at('11-02').toISOString()}`);
    // A plan whose first gift is not among its charges (made another way than checkout) counts the same.
    await startPlan('autumn-yearly@example.org', 24000, 'yearly', '10-01', 'USD', false);
    const report = await get(outsider, { from: `${year}-09-01`, to: `${year}-12-31` });
    // The three spring plans still running carry June's month-end MRR through the autumn unchanged.
    const spring = 2200 + eurBase;
    const byMonth = Object.fromEntries(report.rows.map((r) => [r.key, r.cells]));
    expect(byMonth[`${year}-09`]).toMatchObject({
      opening: spring + 1300,
      new_mrr: 2500,
      closing: spring + 3800,
      plans: 6,
      new_plans: 2,
    });
    expect(byMonth[`${year}-10`]).toMatchObject({ new_mrr: 2000, expansion: 0, churn: 2000, churned_plans: 1 });
    expect(byMonth[`${year}-10`]?.closing).toBe(spring + 3800);
    expect(byMonth[`${year}-11`]).toMatchObject({ contraction: 400, churn: 500, closing: spring + 2900, plans: 5 });
    expect(byMonth[`${year}-12`]).toMatchObject({ new_mrr: 0, churn: 0, closing: spring + 2900, plans: 5 });
    expect(report.totals).toMatchObject({
      opening: spring + 1300,
      new_mrr: 4500,
      expansion: 0,
      contraction: 400,
      churn: 2500,
      closing: spring + 2900,
    });
  });

  it('a month of new monthly plans reconciles to the cent with the income report and the donations list', async () => {
    const may = { from: `${year}-05-01`, to: `${year}-05-31`, currency: 'EUR' };
    const mrr = await get(outsider, may);
    const income = ZIncomeReport.parse((await outsider.get(`${BASE}/income?${new URLSearchParams(may)}`)).json());
    const list = ZDonationListTotals.parse(
      (
        await outsider.get(
          `/api/v1/npo_admin/donations/totals?date_from=${may.from}&date_to=${may.to}&currency=EUR&status=succeeded,refunded`,
        )
      ).json(),
    );
    expect(mrr.totals?.new_mrr).toBe(income.totals.gross);
    expect(mrr.totals?.new_mrr).toBe(list.base_amount_minor);
    expect(mrr.currency).toBe('USD');
  });

  it('failed charges: retries join their charge, a retry paid is recovered at the income report’s amount', async () => {
    const june = { from: `${year}-06-01`, to: `${year}-06-30` };
    const report = await get(outsider, { ...june, view: 'charges' });
    expect(report.rows).toHaveLength(1);
    expect(report.totals).toMatchObject({ failed: 3, attempts: 4, recovered: 1, retrying: 1, lost: 1 });
    expect(report.totals?.rate).toBeCloseTo(33.3, 1);
    const income = ZIncomeReport.parse(
      (await outsider.get(`${BASE}/income?${new URLSearchParams({ ...june, currency: 'USD' })}`)).json(),
    );
    expect(report.totals?.recovered_amount).toBe(income.totals.gross);
    expect(report.totals?.at_risk).toBe(1200 + 800 + eurBase);
  });

  it('plans by interval and status today; MRR now at current amounts', async () => {
    const report = await get(outsider, { ...spring, view: 'plans' });
    const monthly = report.rows.find((r) => r.key === 'monthly')?.cells;
    const yearly = report.rows.find((r) => r.key === 'yearly')?.cells;
    expect(monthly).toMatchObject({ interval: 'Monthly', active: 1, past_due: 1, cancelled: 2, plans: 4 });
    expect(monthly?.mrr).toBe(1200 + eurBase);
    expect(yearly).toMatchObject({ active: 1, plans: 1, mrr: 1000 });
    expect(report.totals?.plans).toBe(5);
    // Only plans running in the period: none of these had started by February.
    const before = await get(outsider, { from: `${year}-01-01`, to: `${year}-02-28`, view: 'plans' });
    expect(before.rows).toEqual([]);
  });

  it('the demo organisation shows its plans, their MRR and the past-due plan’s failed charge', async () => {
    const plans = await get(finance, { view: 'plans' });
    expect(Number(plans.totals?.plans)).toBeGreaterThan(2);
    expect(Number(plans.totals?.mrr)).toBeGreaterThan(0);
    const mrr = await get(finance, {});
    expect(mrr.rows.length).toBeGreaterThan(0);
    expect(Number(mrr.totals?.closing)).toBeGreaterThan(0);
    // The demo's later charges (seed/recurring-report-seed.ts): one up after a decline, one down.
    expect(Number(mrr.totals?.expansion)).toBeGreaterThan(0);
    expect(Number(mrr.totals?.contraction)).toBeGreaterThan(0);
    const charges = await get(finance, { view: 'charges' });
    expect(Number(charges.totals?.failed)).toBeGreaterThan(1);
    expect(Number(charges.totals?.recovered)).toBeGreaterThan(0);
    expect(Number(charges.totals?.retrying)).toBeGreaterThan(0);
  });

  it('downloads: CSV, XLSX and PDF carry the total line, and each is audited', async () => {
    const report = await get(outsider, spring);
    const query = new URLSearchParams(spring);
    const csv = await outsider.get(`${BASE}/recurring/download?format=csv&${query}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="recurring-mrr-.*\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Month,MRR at start (USD),New (USD),Expansion (USD),Contraction (USD),Churn (USD)');
    expect(lines).toHaveLength(report.rows.length + 2);
    expect(lines.at(-1)?.startsWith('Total,')).toBe(true);

    const xlsx = await outsider.get(`${BASE}/recurring/download?format=xlsx&view=charges&${query}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('charges');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Failed charges');

    const pdf = await outsider.get(`${BASE}/recurring/download?format=pdf&view=plans&${query}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    expect(text).toContain('Recurring: Plans by status and interval');
    expect(text).toContain('Total');

    const audit = await ctx.db.execute<{ view: string; format: string }>(sql`
      SELECT data->>'view' AS view, data->>'format' AS format FROM audit_log
      WHERE action = 'reports.downloaded' AND data->>'report' = 'recurring' AND npo_id = ${npoId} ORDER BY id`);
    expect(audit.rows).toEqual([
      { view: 'mrr', format: 'csv' },
      { view: 'charges', format: 'xlsx' },
      { view: 'plans', format: 'pdf' },
    ]);
  });
});
