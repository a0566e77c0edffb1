// What charging a plan and writing to its donor need besides the plan row: the donor, the
// organisation (its name and its account at the plan's provider), the campaign and the method.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { FormatSettings } from '../../platform/format/format.ts';
import { findNpo } from '../organisations/index.ts';
import type { PlanRow } from './plans.repository.ts';

export type ChargeContext = {
  donor: { id: number; email: string; firstName: string; lastName: string };
  organisationName: string;
  /** The organisation's account at the plan's provider (Stripe acct_…, PayPal merchant id). */
  accountId: string | null;
  campaignName: string | null;
  /** card or paypal, as the first gift was paid. */
  paymentMethod: string | null;
  /** The organisation's calendar and locale (decision 027): due dates and e-mails follow them. */
  calendar: FormatSettings;
};

type Row = {
  donor_id: number;
  email: string;
  first_name: string;
  last_name: string;
  organisation_name: string;
  stripe_account_id: string | null;
  paypal_merchant_id: string | null;
  campaign_name: string | null;
  payment_method: string | null;
  time_zone: string;
  locale: string;
};

export async function chargeContextOf(tx: Tx, plan: PlanRow): Promise<ChargeContext> {
  const { rows } = await tx.execute<Row>(sql`
    SELECT d.id AS donor_id, d.email, d.first_name, d.last_name, n.name AS organisation_name, n.time_zone, n.locale,
           n.stripe_account_id, n.paypal_merchant_id, c.name AS campaign_name, fd.payment_method
    FROM donors d
    JOIN npos n ON n.id = d.npo_id
    LEFT JOIN campaigns c ON c.id = ${plan.campaignId} AND c.npo_id = d.npo_id
    LEFT JOIN donations fd ON fd.id = ${plan.firstDonationId} AND fd.npo_id = d.npo_id
    WHERE d.id = ${plan.donorId} AND d.npo_id = ${plan.npoId}`);
  const row = rows[0];
  if (!row) throw new Error(`plan ${plan.id} has no donor in organisation ${plan.npoId}`);
  const accountId =
    plan.provider === 'stripe' ? row.stripe_account_id : plan.provider === 'paypal' ? row.paypal_merchant_id : null;
  return {
    donor: { id: Number(row.donor_id), email: row.email, firstName: row.first_name, lastName: row.last_name },
    organisationName: row.organisation_name,
    accountId,
    campaignName: row.campaign_name,
    paymentMethod: row.payment_method ?? (plan.provider === 'paypal' ? 'paypal' : 'card'),
    calendar: { timeZone: row.time_zone, locale: row.locale },
  };
}

/** An organisation's time zone and locale, for a plan's calendar when no charge context is at hand. */
export async function organisationCalendarOf(db: Db | Tx, npoId: number): Promise<FormatSettings> {
  const npo = await findNpo(db, npoId);
  return { timeZone: npo?.timeZone ?? 'UTC', locale: npo?.locale ?? 'en-US' };
}

export const donorNameOf = (context: Pick<ChargeContext, 'donor'>): string =>
  `${context.donor.firstName} ${context.donor.lastName}`.trim() || context.donor.email;
