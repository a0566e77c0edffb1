// The all-or-nothing settlement (docs/decisions/065-all-or-nothing-settlement.md). When a campaign's deadline
// has passed, its outcome is decided ONCE under the campaign row's lock: 'met' when the raised total plus the
// saved pledges reaches the goal, else 'missed'. Then each pledge is claimed on its own row (SKIP LOCKED, so
// two runs share the work) and committed as 'charging' before the provider is asked, with an idempotency
// key per pledge: a run that crashes mid-way leaves the pledge 'charging', and a later run takes it again
// only once the claim is older than the lease, asking the provider with the same key (the provider answers
// with the same payment) and recording the donation once per payment. Each backer's e-mail is written in the
// same transaction as their pledge's final status, so it goes exactly once.
import { DEFAULT_GOAL_MINOR } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';
import { recordSucceededPayment } from '../donations/index.ts';
import { type PaymentProviders, ProviderError, type ProviderName, type ProviderPayment } from '../payments/index.ts';
import { receiptQueue } from '../receipts/index.ts';
import { chargedPledgeReward, releasePledgeReward } from './pledge-rewards.service.ts';

export type SettlementDeps = {
  db: Db;
  providers: PaymentProviders;
  mailer: Mailer;
  origin: string;
  /** The charged gift's receipt goes through the receipts' queue, as a recurring charge's does. */
  jobs?: Pick<Jobs, 'send'>;
  /** How old a 'charging' claim must be before another run may take it over (a crashed run's). */
  leaseMs?: number;
};
export type SettlementOutcome = {
  campaignId: number;
  outcome: 'met' | 'missed';
  charged: number;
  failed: number;
  released: number;
};

const LEASE_MS = 10 * 60_000;

type Decision = {
  settlement: 'met' | 'missed';
  name: string;
  campaign_url: string;
  organisation: string;
  locale: string;
  time_zone: string;
  deadline: string;
};

/** The outcome, decided by the first run under the campaign row's lock and kept; null before the deadline. */
async function decide(db: Db, campaignId: number, now: Date): Promise<Decision | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<Decision & { goal_minor: number | null; raised: number; pledged: number }>(sql`
      SELECT cf.settlement, c.name, c.campaign_url, n.name AS organisation, n.locale, n.time_zone, c.goal_minor,
        coalesce(cf.deadline, c.ends_at) AS deadline, t.raised,
        (SELECT coalesce(sum(p.amount_minor), 0) FROM crowdfunding_pledges p
          WHERE p.campaign_id = c.id AND p.status IN ('pledged', 'charging')) AS pledged
      FROM crowdfunding_campaigns cf JOIN campaigns c ON c.id = cf.campaign_id JOIN npos n ON n.id = c.npo_id
      CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.npo_id = c.npo_id AND d.campaign_id = c.id`)}) t
      WHERE cf.campaign_id = ${campaignId} AND cf.funding_model = 'all_or_nothing'
        AND coalesce(cf.deadline, c.ends_at) <= ${now}
      FOR UPDATE OF cf`);
    const row = rows[0];
    if (!row) return null;
    if (row.settlement === null) {
      const goal = row.goal_minor === null ? DEFAULT_GOAL_MINOR : Number(row.goal_minor);
      row.settlement = Number(row.raised) + Number(row.pledged) >= goal ? 'met' : 'missed';
      await tx.execute(sql`
        UPDATE crowdfunding_campaigns SET settlement = ${row.settlement}, settled_at = ${now}, updated_at = now()
        WHERE campaign_id = ${campaignId}`);
    }
    return row;
  });
}

type Pledge = {
  id: number;
  npo_id: number;
  campaign_id: number;
  reference: string;
  provider: string;
  account_id: string | null;
  payment_method_id: string;
  customer_id: string | null;
  amount_minor: number;
  currency: string;
  email: string;
  first_name: string;
  last_name: string;
};

/** The next pledge to settle, claimed 'charging' and committed; a crashed run's claim is taken after the lease. */
async function claimNext(deps: SettlementDeps, campaignId: number, now: Date): Promise<Pledge | null> {
  const stale = new Date(now.getTime() - (deps.leaseMs ?? LEASE_MS));
  const { rows } = await deps.db.execute<Pledge>(sql`
    UPDATE crowdfunding_pledges SET status = 'charging', charging_since = ${now}
    WHERE id = (SELECT id FROM crowdfunding_pledges
      WHERE campaign_id = ${campaignId}
        AND (status = 'pledged' OR (status = 'charging' AND charging_since < ${stale}))
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, npo_id, campaign_id, reference, provider, account_id, payment_method_id, customer_id, amount_minor,
      currency, email, first_name, last_name`);
  const row = rows[0];
  return row
    ? { ...row, id: Number(row.id), npo_id: Number(row.npo_id), amount_minor: Number(row.amount_minor) }
    : null;
}

/** The provider's answer; a refusal of the saved card is a failed payment, an outage is thrown (the job retries). */
async function charge(deps: SettlementDeps, pledge: Pledge): Promise<ProviderPayment> {
  try {
    return await deps.providers.byName(pledge.provider as ProviderName).chargeSaved({
      account: { npoId: pledge.npo_id, accountId: pledge.account_id },
      paymentMethodId: pledge.payment_method_id,
      customerId: pledge.customer_id,
      amountMinor: pledge.amount_minor,
      currency: pledge.currency,
      metadata: { npo_id: String(pledge.npo_id), campaign_id: String(pledge.campaign_id), pledge: pledge.reference },
      // One key per pledge and card: a crashed run's retry is the same charge; a re-saved card is a new one.
      idempotencyKey: `crowdfunding-pledge-${pledge.id}-${pledge.payment_method_id}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (['provider_unavailable', 'rate_limited', 'not_configured', 'provider_auth_failed'].includes(error.code))
      throw error;
    return {
      id: '',
      status: 'failed',
      amountMinor: pledge.amount_minor,
      currency: pledge.currency,
      metadata: {},
      failureCode: error.code,
      failureMessage: error.providerMessage,
    };
  }
}

/** Ends the claimed pledge and writes its backer's e-mail in the same transaction; false if another run did. */
async function finish(
  deps: SettlementDeps,
  pledge: Pledge,
  patch: { status: 'charged' | 'failed' | 'released'; donationId?: number; failure?: string },
  letter: (tx: Tx) => Promise<void>,
  reward: (tx: Tx) => Promise<void> = async () => undefined,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      UPDATE crowdfunding_pledges SET status = ${patch.status}, donation_id = ${patch.donationId ?? null},
        failure_message = ${patch.failure ?? null}, notified_at = now()
      WHERE id = ${pledge.id} AND status = 'charging' AND notified_at IS NULL RETURNING id`);
    if (rows.length === 0) return false;
    await reward(tx);
    await letter(tx);
    return true;
  });
}

async function settlePledge(
  deps: SettlementDeps,
  decision: Decision,
  pledge: Pledge,
): Promise<'charged' | 'failed' | 'released'> {
  const send = (subject: string, lines: string[]) => async (tx: Tx) =>
    deps.mailer.send(
      { to: pledge.email, subject, text: [`Hi ${pledge.first_name || 'there'},`, '', ...lines].join('\n') },
      tx,
    );
  const format = formatFor({ locale: decision.locale, timeZone: decision.time_zone });
  const amount = format.money(pledge.amount_minor, pledge.currency);
  const page = `${deps.origin}/crowdfunding/${decision.campaign_url}`;
  if (decision.settlement === 'missed') {
    await finish(
      deps,
      pledge,
      { status: 'released' },
      send(`${decision.name} did not reach its goal`, [
        `“${decision.name}” did not reach its goal by ${format.date(new Date(decision.deadline))}.`,
        `As promised, your pledge of ${amount} has not been charged, and your card will not be charged for it.`,
        '',
        `Thank you for backing ${decision.organisation}.`,
        page,
      ]),
      (tx) => releasePledgeReward(tx, pledge.id),
    );
    return 'released';
  }
  const payment = await charge(deps, pledge);
  if (payment.status === 'succeeded') {
    // Once per payment: a run that charged and then crashed finds the same payment recorded (created: false).
    const { donation } = await recordSucceededPayment(deps.db, {
      npoId: pledge.npo_id,
      campaignId: pledge.campaign_id,
      provider: pledge.provider,
      providerReference: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      paymentMethod: 'card',
      donor: { email: pledge.email, firstName: pledge.first_name, lastName: pledge.last_name },
    });
    const charged = await finish(
      deps,
      pledge,
      { status: 'charged', donationId: donation.id },
      send(`${decision.name} reached its goal`, [
        `“${decision.name}” reached its goal. Your pledge of ${amount} has now been charged.`,
        '',
        `Thank you for making it happen with ${decision.organisation}.`,
        page,
      ]),
      (tx) => chargedPledgeReward(tx, pledge.id, donation.id),
    );
    if (charged && deps.jobs)
      await deps.jobs.send(
        receiptQueue,
        { npoId: pledge.npo_id, donationId: donation.id },
        { key: `receipt-${donation.id}` },
      );
    return 'charged';
  }
  const failure = payment.failureMessage || 'The payment was declined.';
  await finish(
    deps,
    pledge,
    { status: 'failed', failure },
    send(`Please update your card for ${decision.name}`, [
      `“${decision.name}” reached its goal, but your pledge of ${amount} could not be charged: ${failure}`,
      'Please update your card so your pledge can count:',
      `${page}?pledge=${encodeURIComponent(pledge.reference)}`,
    ]),
  );
  return 'failed';
}

/** Settles one campaign whose deadline passed; safe to run twice at once or again after a crash. */
export async function settleCampaign(
  deps: SettlementDeps,
  campaignId: number,
  now = new Date(),
): Promise<SettlementOutcome | null> {
  const decision = await decide(deps.db, campaignId, now);
  if (!decision) return null;
  const result: SettlementOutcome = { campaignId, outcome: decision.settlement, charged: 0, failed: 0, released: 0 };
  for (let pledge = await claimNext(deps, campaignId, now); pledge; pledge = await claimNext(deps, campaignId, now)) {
    result[await settlePledge(deps, decision, pledge)] += 1;
  }
  return result;
}

/** The sweep: every all-or-nothing campaign past its deadline with pledges still to settle. */
export async function settleDueCampaigns(deps: SettlementDeps, now = new Date()): Promise<SettlementOutcome[]> {
  const stale = new Date(now.getTime() - (deps.leaseMs ?? LEASE_MS));
  const { rows } = await deps.db.execute<{ campaign_id: number }>(sql`
    SELECT cf.campaign_id FROM crowdfunding_campaigns cf JOIN campaigns c ON c.id = cf.campaign_id
    WHERE cf.funding_model = 'all_or_nothing' AND coalesce(cf.deadline, c.ends_at) <= ${now}
      AND (cf.settlement IS NULL OR EXISTS (SELECT 1 FROM crowdfunding_pledges p WHERE p.campaign_id = cf.campaign_id
        AND (p.status = 'pledged' OR (p.status = 'charging' AND p.charging_since < ${stale}))))
    ORDER BY cf.campaign_id`);
  const outcomes: SettlementOutcome[] = [];
  for (const row of rows) {
    const outcome = await settleCampaign(deps, Number(row.campaign_id), now);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
