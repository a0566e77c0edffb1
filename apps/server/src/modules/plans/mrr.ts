// Monthly recurring revenue: what the organisation's chargeable plans bring in a month, each
// interval normalised to a month and every currency converted to the base currency.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { convertToBase } from '../donations/index.ts';
import type { RecurringInterval } from './next-charge.ts';

/**
 * Charges per YEAR of each interval: a plan's monthly amount is amount × this ÷ 12. Summing the
 * yearly figure in integers and dividing once keeps the total exact until the one rounding.
 */
export const CHARGES_PER_YEAR: Record<RecurringInterval, number> = {
  daily: 365,
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  yearly: 1,
};

export type Mrr = { amountMinor: number; currency: string; pastDueMinor: number; plans: number };

type Row = { currency: string; status: string; yearly_minor: string; plans: string };

/** Active and past-due plans count (past due until the retries run out, as Stripe counts them). */
export async function monthlyRecurringRevenue(tx: Tx, npoId: number, baseCurrency: string): Promise<Mrr> {
  const cases = sql.join(
    Object.entries(CHARGES_PER_YEAR).map(([interval, n]) => sql`WHEN ${interval} THEN ${n}::bigint`),
    sql` `,
  );
  const { rows } = await tx.execute<Row>(sql`
    SELECT currency, status, sum(amount_minor * CASE interval ${cases} END)::text AS yearly_minor,
           count(*)::text AS plans
    FROM recurring_plans
    WHERE npo_id = ${npoId} AND status IN ('active', 'past_due')
    GROUP BY currency, status`);
  let yearly = 0;
  let pastDueYearly = 0;
  let plans = 0;
  for (const row of rows) {
    const converted = await convertToBase(tx, npoId, Number(row.yearly_minor), row.currency, baseCurrency);
    yearly += converted.baseAmountMinor;
    if (row.status === 'past_due') pastDueYearly += converted.baseAmountMinor;
    plans += Number(row.plans);
  }
  return {
    amountMinor: Math.round(yearly / 12),
    currency: baseCurrency,
    pastDueMinor: Math.round(pastDueYearly / 12),
    plans,
  };
}
