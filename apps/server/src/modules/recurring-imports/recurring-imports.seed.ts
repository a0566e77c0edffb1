// The demo's finished recurring import (docs/product/imports.md#recurring-imports) in Riverside
// Food Bank: six plans moved from another platform on sandbox test cards, due over the coming
// weeks, and one row the sandbox refused (an unknown payment method), so the page shows its plans
// and its errors download. Running it again adds nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { wallTimeIn } from '../../platform/format/calendar.ts';
import { upsertDonor } from '../donors/index.ts';
import { findNpo } from '../organisations/index.ts';
import { sandboxPaymentMethods } from '../payments/index.ts';
import { insertImportedPlan } from '../plans/index.ts';
import { rowKeyOf } from './recurring-import-file.ts';
import { insertRecurringImport, markRecurringImportFinished } from './recurring-imports.repository.ts';
import type { RecurringImportResult, RecurringImportRow } from './recurring-imports.tables.ts';

const FILE_NAME = 'plans-from-our-old-platform.csv';

const PLANS = [
  ['Noor', 'Rahman', 'noor.rahman@example.org', 2500, 'monthly', 3, '4242'],
  ['Tomasz', 'Nowak', 'tomasz.nowak@example.org', 1000, 'monthly', 6, '4444'],
  ['Keiko', 'Sato', 'keiko.sato@example.org', 5000, 'quarterly', 10, '4242'],
  ['Liam', 'Byrne', 'liam.byrne@example.org', 12000, 'yearly', 14, '4242'],
  ['Adaeze', 'Eze', 'adaeze.eze@example.org', 500, 'weekly', 2, '4444'],
  ['Marta', 'Lopez', 'marta.lopez@example.org', 1500, 'monthly', 20, '4242'],
] as const;

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function seedRecurringImport(
  db: Db,
  npoIds: Map<string, number>,
  adminId: number | null,
  now = new Date(),
): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  const npo = npoId ? await findNpo(db, npoId) : null;
  if (!npoId || !npo) return;
  const { rows: had } = await db.execute(sql`SELECT 1 FROM recurring_imports WHERE npo_id = ${npoId} LIMIT 1`);
  if (had.length > 0) return;
  const today = wallTimeIn(now, npo.timeZone).day;
  const rows: RecurringImportRow[] = PLANS.map(([first, last, email, amount, interval, inDays, last4], i) => {
    const plan = {
      first_name: first,
      last_name: last,
      email,
      amount_minor: amount,
      currency: npo.baseCurrency,
      interval,
      next_charge_date: addDays(today, inDays),
      provider: 'sandbox' as const,
      customer_id: `cus_oldplatform_${i + 1}`,
      payment_method_id: last4 === '4242' ? 'pm_card_visa' : 'pm_card_mastercard',
      status: 'active' as const,
      campaign_id: null,
    };
    return { row: i + 2, key: rowKeyOf(plan), ...plan };
  });
  const failures = [
    {
      row: PLANS.length + 2,
      reason: 'payment_method_id: the sandbox has no payment method pm_oldplatform_9f2; use a test one.',
    },
  ];
  const id = await insertRecurringImport(db, {
    npoId,
    userId: adminId,
    fileName: FILE_NAME,
    totalRows: PLANS.length + 1,
    rows,
    failures,
  });
  const results: RecurringImportResult[] = [];
  for (const r of rows) {
    const methodId = `pm_sandbox_demo_import_${npoId}_${r.row}`;
    const last4 = r.payment_method_id === 'pm_card_visa' ? '4242' : '4444';
    await db
      .insert(sandboxPaymentMethods)
      .values({ id: methodId, npoId, type: 'card', cardLast4: last4, cardExpMonth: 12, cardExpYear: 2034 })
      .onConflictDoNothing();
    const plan = await db.transaction(async (tx) => {
      const donor = await upsertDonor(tx, npoId, { email: r.email, firstName: r.first_name, lastName: r.last_name });
      return insertImportedPlan(tx, {
        npoId,
        donorId: donor.id,
        campaignId: null,
        amountMinor: r.amount_minor,
        currency: r.currency,
        interval: r.interval,
        provider: 'sandbox',
        paymentMethodId: methodId,
        customerId: r.customer_id,
        card: { brand: last4 === '4242' ? 'visa' : 'mastercard', last4, expMonth: 12, expYear: 2034 },
        status: 'active',
        nextChargeDate: r.next_charge_date,
        zone: npo.timeZone,
        baseRate: 1,
        importKey: r.key,
        now,
      });
    });
    results.push({ row: r.row, plan_id: plan.plan.id, created: plan.created });
  }
  await db.transaction((tx) => markRecurringImportFinished(tx, id, { processedRows: rows.length, results, failures }));
}
