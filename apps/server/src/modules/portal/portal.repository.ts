// SQL only: what the portal shows a donor. Every query names the organisation AND the donor, so
// another donor's gift or plan simply is not there.
import { cardBrandName, type TPortalDonor, type TPortalGift, type TPortalPlan } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { giftEmailSql } from '../donors/index.ts';
import { planCardOf } from '../plans/index.ts';

export type PortalOrganisation = {
  name: string;
  stripeAccountId: string | null;
  fiscalYearStartMonth: number;
  locale: string;
  timeZone: string;
};

export async function findOrganisation(db: Db, npoId: number): Promise<PortalOrganisation | null> {
  const { rows } = await db.execute<{
    name: string;
    stripe_account_id: string | null;
    fiscal: number | null;
    locale: string;
    time_zone: string;
  }>(sql`
    SELECT name, stripe_account_id, fiscal_year_start_month AS fiscal, locale, time_zone FROM npos WHERE id = ${npoId}`);
  const row = rows[0];
  return row
    ? {
        name: row.name,
        stripeAccountId: row.stripe_account_id,
        fiscalYearStartMonth: Number(row.fiscal ?? 1),
        locale: row.locale,
        timeZone: row.time_zone,
      }
    : null;
}

type DonorRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

const DONOR_COLUMNS = sql`id, first_name, last_name, email, address, address2, city, state, postal_code, country`;

const toDonor = (r: DonorRow): TPortalDonor => ({ ...r, id: Number(r.id) });

export async function findDonor(db: Db, npoId: number, donorId: number): Promise<TPortalDonor | null> {
  const { rows } = await db.execute<DonorRow>(sql`
    SELECT ${DONOR_COLUMNS} FROM donors WHERE id = ${donorId} AND npo_id = ${npoId}`);
  return rows[0] ? toDonor(rows[0]) : null;
}

/**
 * The signed-in user's donor record in the organisation: one per e-mail (case-insensitive); for an
 * address whose donor staff merged away, the donor it was merged into (where its gifts went).
 */
export async function findDonorByEmail(db: Db, npoId: number, email: string): Promise<TPortalDonor | null> {
  const { rows } = await db.execute<DonorRow>(sql`
    SELECT ${DONOR_COLUMNS} FROM donors WHERE npo_id = ${npoId} AND lower(email) = lower(${giftEmailSql(npoId, email)})`);
  return rows[0] ? toDonor(rows[0]) : null;
}

type GiftRow = {
  id: number;
  amount_minor: number;
  currency: string;
  status: string;
  interval: TPortalGift['interval'];
  campaign_name: string | null;
  designation_name: string | null;
  payment_method: string | null;
  receipt_number: string | null;
  recurring_plan_id: number | null;
  created_at: Date;
};

const toGift = (r: GiftRow): TPortalGift => ({
  id: Number(r.id),
  amount_minor: Number(r.amount_minor),
  currency: r.currency,
  status: r.status,
  interval: r.interval,
  campaign_name: r.campaign_name,
  designation: r.designation_name,
  payment_method: r.payment_method,
  receipt_number: r.receipt_number,
  has_receipt: r.status === 'succeeded',
  recurring_plan_id: r.recurring_plan_id === null ? null : Number(r.recurring_plan_id),
  created_at: new Date(r.created_at).toISOString(),
});

const giftsQuery = (npoId: number, donorId: number) => sql`
  SELECT d.id, d.amount_minor, d.currency, d.status, d.interval, c.name AS campaign_name, d.designation_name,
         d.payment_method, d.receipt_number, d.recurring_plan_id, d.created_at
  FROM donations d
  LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.npo_id = d.npo_id
  WHERE d.npo_id = ${npoId} AND d.donor_id = ${donorId} AND d.status IN ('succeeded', 'refunded')`;

/** The donor's recorded gifts, newest first (pending and failed payments are not gifts). */
export async function listGifts(db: Db, npoId: number, donorId: number): Promise<TPortalGift[]> {
  const { rows } = await db.execute<GiftRow>(sql`${giftsQuery(npoId, donorId)} ORDER BY d.created_at DESC, d.id DESC`);
  return rows.map(toGift);
}

export async function findGift(db: Db, npoId: number, donorId: number, id: number): Promise<TPortalGift | null> {
  const { rows } = await db.execute<GiftRow>(sql`${giftsQuery(npoId, donorId)} AND d.id = ${id}`);
  return rows[0] ? toGift(rows[0]) : null;
}

type PlanRow = {
  id: number;
  amount_minor: number;
  currency: string;
  interval: TPortalPlan['interval'];
  status: TPortalPlan['status'];
  failure_reason: string | null;
  campaign_name: string | null;
  provider: string;
  payment_method_id: string | null;
  card_last4: string | null;
  card_brand: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  next_charge_at: Date | null;
  last_charged_at: Date | null;
  started_at: Date;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** "Visa ending 4242, expires 08/2031": the expiry tells the donor when to add the new card. */
function methodLabel(r: PlanRow): string | null {
  if (!r.payment_method_id) return null;
  if (r.provider === 'paypal') return 'PayPal';
  const name = cardBrandName(r.card_brand);
  const card = r.card_last4 ? `${name} ending ${r.card_last4}` : name;
  if (!r.card_exp_month || !r.card_exp_year) return card;
  return `${card}, expires ${String(r.card_exp_month).padStart(2, '0')}/${r.card_exp_year}`;
}

const toPlan = (r: PlanRow): TPortalPlan => ({
  id: Number(r.id),
  amount_minor: Number(r.amount_minor),
  currency: r.currency,
  interval: r.interval,
  status: r.status,
  failure_reason: r.failure_reason,
  campaign_name: r.campaign_name,
  provider: r.provider,
  payment_method_label: methodLabel(r),
  card: planCardOf({
    provider: r.provider,
    paymentMethodId: r.payment_method_id,
    brand: r.card_brand,
    last4: r.card_last4,
    expMonth: r.card_exp_month,
    expYear: r.card_exp_year,
  }),
  next_charge_at: iso(r.next_charge_at),
  last_charged_at: iso(r.last_charged_at),
  started_at: new Date(r.started_at).toISOString(),
});

// The plan keeps its card as the provider described it when saved (plans/plan-cards.ts); a plan
// saved before that has only the sandbox's own last four digits.
const plansQuery = (npoId: number, donorId: number) => sql`
  SELECT p.id, p.amount_minor, p.currency, p.interval, p.status, p.failure_reason, c.name AS campaign_name,
         p.provider, p.payment_method_id, COALESCE(p.card_last4, m.card_last4) AS card_last4, p.card_brand,
         p.card_exp_month, p.card_exp_year, p.next_charge_at, p.last_charged_at, p.started_at
  FROM recurring_plans p
  LEFT JOIN campaigns c ON c.id = p.campaign_id AND c.npo_id = p.npo_id
  LEFT JOIN sandbox_payment_methods m ON p.provider = 'sandbox' AND m.id = p.payment_method_id AND m.npo_id = p.npo_id
  WHERE p.npo_id = ${npoId} AND p.donor_id = ${donorId}`;

/** The donor's plans: open ones first, then by start, newest first. */
export async function listPlans(db: Db, npoId: number, donorId: number): Promise<TPortalPlan[]> {
  const { rows } = await db.execute<PlanRow>(sql`${plansQuery(npoId, donorId)}
    ORDER BY (p.status = 'cancelled'), p.started_at DESC, p.id DESC`);
  return rows.map(toPlan);
}

export async function findPortalPlan(db: Db, npoId: number, donorId: number, id: number): Promise<TPortalPlan | null> {
  const { rows } = await db.execute<PlanRow>(sql`${plansQuery(npoId, donorId)} AND p.id = ${id}`);
  return rows[0] ? toPlan(rows[0]) : null;
}

/** Plans a new card may be applied to: every plan of the donor that is not cancelled. */
export async function openPlanIds(db: Db, npoId: number, donorId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT id FROM recurring_plans
    WHERE npo_id = ${npoId} AND donor_id = ${donorId} AND status IN ('active', 'paused', 'past_due', 'failed')
    ORDER BY id`);
  return rows.map((r) => Number(r.id));
}

/**
 * The months with a succeeded gift of the donor, on the organisation's calendar (decision 027), each
 * as the UTC midnight of its first day: the statement's giving years come from them.
 */
export async function giftMonths(db: Db, npoId: number, donorId: number): Promise<Date[]> {
  const { rows } = await db.execute<{ y: number; m: number }>(sql`
    SELECT DISTINCT extract(year FROM d.created_at AT TIME ZONE n.time_zone)::int AS y,
                    extract(month FROM d.created_at AT TIME ZONE n.time_zone)::int AS m
    FROM donations d JOIN npos n ON n.id = d.npo_id
    WHERE d.npo_id = ${npoId} AND d.donor_id = ${donorId} AND d.status = 'succeeded'`);
  return rows.map((r) => new Date(Date.UTC(Number(r.y), Number(r.m) - 1, 1)));
}

/** The provider customer a plan's saved method belongs to (Stripe cus_…), if any. */
export async function planCustomerId(db: Db, npoId: number, donorId: number, planId: number): Promise<string | null> {
  const { rows } = await db.execute<{ customer_id: string | null }>(sql`
    SELECT customer_id FROM recurring_plans WHERE id = ${planId} AND npo_id = ${npoId} AND donor_id = ${donorId}`);
  return rows[0]?.customer_id ?? null;
}
