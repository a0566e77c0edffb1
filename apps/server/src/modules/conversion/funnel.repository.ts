// The form's funnel per campaign and day of the organisation's time zone, and the abandoned gifts
// (docs/decisions/037-conversion-features.md). Views and steps come from the page's beacons; gifts
// are counted from donations when staff read the funnel, so the gift path writes nothing for it.
import type { TCampaignConversion, TFunnelEvent } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

const COLUMN: Record<TFunnelEvent, string> = {
  view: 'views',
  step1: 'step1',
  payment: 'payment',
  upsell_offered: 'upsell_offered',
  upsell_accepted: 'upsell_accepted',
};

/** A started checkout counts as abandoned once this long has passed without the donor's gift. */
export const ABANDONED_AFTER_MINUTES = 30;

/** Adds one to today's count of `event`; false when the campaign takes no gifts (unknown, draft, closed). */
export async function countFunnelEvent(db: Db, campaignId: number, event: TFunnelEvent): Promise<boolean> {
  const column = sql.identifier(COLUMN[event]);
  const { rows } = await db.execute(sql`
    INSERT INTO campaign_funnel_days (campaign_id, day, npo_id, ${column})
    SELECT c.id, (now() AT TIME ZONE n.time_zone)::date, c.npo_id, 1
    FROM campaigns c JOIN npos n ON n.id = c.npo_id
    WHERE c.id = ${campaignId} AND c.status = 'active'
    ON CONFLICT (campaign_id, day) DO UPDATE SET ${column} = campaign_funnel_days.${column} + 1
    RETURNING 1 AS counted`);
  return rows.length > 0;
}

type DayRow = { day: string; views: number; step1: number; payment: number; gifts: number };

/** The last `days` days (today included) of one of the organisation's campaigns; null when not theirs. */
export async function readConversion(
  db: Tx,
  npoId: number,
  campaignId: number,
  days: number,
): Promise<TCampaignConversion | null> {
  const { rows: owner } = await db.execute<{ time_zone: string }>(sql`
    SELECT n.time_zone FROM campaigns c JOIN npos n ON n.id = c.npo_id WHERE c.id = ${campaignId} AND c.npo_id = ${npoId}`);
  const zone = owner[0]?.time_zone;
  if (!zone) return null;
  const { rows } = await db.execute<DayRow & { offered: number; accepted: number }>(sql`
    WITH span AS (
      SELECT generate_series((now() AT TIME ZONE ${zone})::date - ${days - 1}::int,
                             (now() AT TIME ZONE ${zone})::date, interval '1 day')::date AS day
    ), gifts AS (
      SELECT (d.created_at AT TIME ZONE ${zone})::date AS day, count(*)::int AS gifts
      FROM donations d
      WHERE d.npo_id = ${npoId} AND d.campaign_id = ${campaignId} AND d.status IN ('succeeded', 'refunded')
        AND d.created_at >= ((now() AT TIME ZONE ${zone})::date - ${days}::int)::timestamp AT TIME ZONE ${zone}
      GROUP BY 1
    )
    SELECT to_char(span.day, 'YYYY-MM-DD') AS day,
      coalesce(f.views, 0) AS views, coalesce(f.step1, 0) AS step1, coalesce(f.payment, 0) AS payment,
      coalesce(g.gifts, 0) AS gifts,
      coalesce(f.upsell_offered, 0) AS offered, coalesce(f.upsell_accepted, 0) AS accepted
    FROM span
    LEFT JOIN campaign_funnel_days f ON f.campaign_id = ${campaignId} AND f.npo_id = ${npoId} AND f.day = span.day
    LEFT JOIN gifts g ON g.day = span.day
    ORDER BY span.day`);
  const sum = (key: keyof DayRow | 'offered' | 'accepted') => rows.reduce((total, r) => total + Number(r[key]), 0);
  return {
    time_zone: zone,
    days: rows.map((r) => ({ day: r.day, views: r.views, step1: r.step1, payment: r.payment, gifts: r.gifts })),
    totals: { views: sum('views'), step1: sum('step1'), payment: sum('payment'), gifts: sum('gifts') },
    upsell: { offered: sum('offered'), accepted: sum('accepted') },
    abandoned: await listAbandoned(db, npoId, campaignId),
  };
}

type AbandonedRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  amount_minor: string | number;
  currency: string;
  interval: string;
  started_at: string;
};

/** Started checkouts (with consent) that no gift of the same e-mail to the campaign followed. */
async function listAbandoned(db: Tx, npoId: number, campaignId: number) {
  const { rows } = await db.execute<AbandonedRow>(sql`
    SELECT s.id, s.email, s.first_name, s.last_name, s.amount_minor, s.currency, s.interval,
      to_char(s.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS started_at
    FROM checkout_starts s
    WHERE s.npo_id = ${npoId} AND s.campaign_id = ${campaignId}
      AND s.started_at < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})
      AND NOT EXISTS (
        SELECT 1 FROM donations d JOIN donors o ON o.id = d.donor_id
        WHERE d.npo_id = s.npo_id AND d.campaign_id = s.campaign_id AND lower(o.email) = s.email
          AND d.created_at >= s.started_at - interval '1 minute')
    ORDER BY s.started_at DESC
    LIMIT 100`);
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: `${r.first_name} ${r.last_name}`.trim(),
    amount_minor: Number(r.amount_minor),
    currency: r.currency,
    interval: r.interval,
    started_at: r.started_at,
  }));
}

export type CheckoutStart = {
  campaignId: number;
  email: string;
  firstName: string;
  lastName: string;
  amountMinor: number;
  currency: string;
  interval: string;
};

/** Keeps (or refreshes) the donor's started checkout; false when the campaign takes no gifts. */
export async function saveCheckoutStart(db: Db, start: CheckoutStart): Promise<boolean> {
  const { rows } = await db.execute(sql`
    INSERT INTO checkout_starts (npo_id, campaign_id, email, first_name, last_name, amount_minor, currency, interval)
    SELECT c.npo_id, c.id, ${start.email}, ${start.firstName}, ${start.lastName}, ${start.amountMinor},
      ${start.currency}, ${start.interval}
    FROM campaigns c WHERE c.id = ${start.campaignId} AND c.status = 'active'
    ON CONFLICT (campaign_id, email) DO UPDATE SET first_name = EXCLUDED.first_name,
      last_name = EXCLUDED.last_name, amount_minor = EXCLUDED.amount_minor, currency = EXCLUDED.currency,
      interval = EXCLUDED.interval, started_at = now()
    RETURNING 1 AS saved`);
  return rows.length > 0;
}
