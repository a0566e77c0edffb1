// All-or-nothing pledges (docs/decisions/065-all-or-nothing-settlement.md): the backer's card is saved through
// the card provider's setup path (the one the portal's new card uses: a Stripe SetupIntent or the sandbox's
// card setup), not charged. The pledge is 'saving' until the provider reports the card saved; only then does
// it count towards the goal. The settlement (crowdfunding-settlement.service.ts) charges it at the deadline.
import {
  CROWDFUNDING_MESSAGES,
  type TPledgeRequest,
  type TPledgeStarted,
  type TPledgeSummary,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { type PaymentProviders, ProviderError, type ProviderName, providerErrorToAppError } from '../payments/index.ts';
import { settlementQueue } from './crowdfunding-settlement.jobs.ts';
import { checkPledgeReward, claimPledgeReward, holdPledgeReward } from './pledge-rewards.service.ts';

export type PledgeDeps = {
  db: Db;
  providers: PaymentProviders;
  /** Stripe.js's key, sent with a Stripe card setup so the page can confirm it. */
  stripePublishableKey?: string | null;
  /** A re-saved card's pledge is charged by the next settlement run, sent at once. */
  jobs?: Pick<Jobs, 'send'>;
};

const rethrow = (error: unknown): never => {
  throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
};
const unprocessable = (field: string, message: string) => new AppError('UNPROCESSABLE', message, { [field]: message });

type PledgeCampaign = {
  id: number;
  npo_id: number;
  name: string;
  currency: string;
  status: string;
  funding_model: string;
  deadline: string | null;
  settlement: string | null;
  stripe_account_id: string | null;
};

async function pledgeCampaignOf(db: Db, key: string): Promise<PledgeCampaign | null> {
  const byId = /^\d{1,15}$/.test(key) ? Number(key) : null;
  const { rows } = await db.execute<PledgeCampaign>(sql`
    SELECT c.id, c.npo_id, c.name, c.currency, c.status, cf.funding_model, coalesce(cf.deadline, c.ends_at) AS deadline,
      cf.settlement, n.stripe_account_id
    FROM campaigns c JOIN crowdfunding_campaigns cf ON cf.campaign_id = c.id JOIN npos n ON n.id = c.npo_id
    WHERE c.campaign_type = 'crowdfunding' AND c.parent_campaign_id IS NULL
      AND ${byId === null ? sql`c.campaign_url = ${key.toLowerCase()}` : sql`c.id = ${byId}`}`);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), npo_id: Number(row.npo_id) } : null;
}

/** The card setup the browser confirms, with Stripe.js's keys when the provider is Stripe. */
function started(
  deps: PledgeDeps,
  reference: string,
  provider: string,
  setup: { id: string; clientSecret: string },
  accountId: string | null,
): TPledgeStarted {
  const stripe = provider === 'stripe';
  return {
    reference,
    provider,
    setup_id: setup.id,
    client_secret: setup.clientSecret,
    stripe_publishable_key: stripe ? (deps.stripePublishableKey ?? null) : null,
    stripe_account: stripe ? accountId : null,
  };
}

/** POST /crowdfunding_page/{key}/pledges: a card setup for the backer's pledge; nothing is charged. */
export async function startPledge(deps: PledgeDeps, key: string, input: TPledgeRequest): Promise<TPledgeStarted> {
  const campaign = await pledgeCampaignOf(deps.db, key);
  if (!campaign || campaign.status === 'draft') throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.notFound);
  if (campaign.funding_model !== 'all_or_nothing')
    throw unprocessable('campaign', CROWDFUNDING_MESSAGES.pledgeOnlyAllOrNothing);
  const ended = campaign.deadline !== null && new Date(campaign.deadline).getTime() <= Date.now();
  if (campaign.status !== 'active' || ended || campaign.settlement !== null)
    throw unprocessable('campaign', CROWDFUNDING_MESSAGES.ended);
  const provider = deps.providers.card;
  if (!provider.capabilities.cardSetup) throw new AppError('CONFLICT', CROWDFUNDING_MESSAGES.cardsNotOffered);
  const reward = input.reward_id
    ? await checkPledgeReward(deps.db, campaign.id, input.reward_id, input.amount_minor, input.shipping_address)
    : null;
  const reference = randomToken(18);
  const account = { npoId: campaign.npo_id, accountId: campaign.stripe_account_id };
  const setup = await provider
    .createCardSetup({
      account,
      email: input.email,
      metadata: { npo_id: String(campaign.npo_id), campaign_id: String(campaign.id), pledge: reference },
      idempotencyKey: `crowdfunding-pledge-${reference}`,
    })
    .catch(rethrow);
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO crowdfunding_pledges (campaign_id, npo_id, reference, provider, account_id, setup_id, customer_id,
        amount_minor, currency, email, first_name, last_name)
      VALUES (${campaign.id}, ${campaign.npo_id}, ${reference}, ${provider.name}, ${account.accountId}, ${setup.id},
        ${setup.customerId}, ${input.amount_minor}, ${campaign.currency}, ${input.email}, ${input.first_name ?? ''},
        ${input.last_name ?? ''})
      RETURNING id`);
    const id = Number(rows[0]?.id);
    // The unit is held before the card is entered: a backer who loses the race is told now.
    if (reward)
      await holdPledgeReward(
        tx,
        { id, campaignId: campaign.id, npoId: campaign.npo_id, amountMinor: input.amount_minor },
        reward,
      );
  });
  return started(deps, reference, provider.name, setup, account.accountId);
}

type PledgeRow = {
  id: number;
  npo_id: number;
  status: TPledgeSummary['status'];
  provider: string;
  account_id: string | null;
  setup_id: string;
  amount_minor: number;
  currency: string;
  campaign: string;
  deadline: string | null;
  settlement: string | null;
  failure_message: string | null;
  reward_title: string | null;
  email: string;
};

async function pledgeOf(db: Db, reference: string): Promise<PledgeRow | null> {
  const { rows } = await db.execute<PledgeRow>(sql`
    SELECT p.id, p.npo_id, p.status, p.provider, p.account_id, p.setup_id, p.amount_minor, p.currency,
      c.name AS campaign, coalesce(cf.deadline, c.ends_at) AS deadline, cf.settlement, p.failure_message, p.email,
      (SELECT r.title FROM crowdfunding_reward_claims k JOIN crowdfunding_rewards r ON r.id = k.reward_id
        WHERE k.pledge_id = p.id AND k.status <> 'expired') AS reward_title
    FROM crowdfunding_pledges p JOIN campaigns c ON c.id = p.campaign_id
    JOIN crowdfunding_campaigns cf ON cf.campaign_id = p.campaign_id
    WHERE p.reference = ${reference}`);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), npo_id: Number(row.npo_id) } : null;
}

const summaryOf = (reference: string, p: PledgeRow): TPledgeSummary => ({
  reference,
  status: p.status,
  amount_minor: Number(p.amount_minor),
  currency: p.currency,
  campaign: p.campaign,
  deadline: p.deadline === null ? null : new Date(p.deadline).toISOString(),
  failure_message: p.failure_message,
  reward_title: p.reward_title,
});

export async function pledgeSummary(db: Db, reference: string): Promise<TPledgeSummary> {
  const pledge = await pledgeOf(db, reference);
  if (!pledge) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  return summaryOf(reference, pledge);
}

/** The provider must report the pledge's current card setup succeeded (for this pledge) before it counts. */
async function savedCard(deps: PledgeDeps, reference: string, pledge: PledgeRow) {
  const setup = await deps.providers
    .byName(pledge.provider as ProviderName)
    .retrieveCardSetup({ account: { npoId: pledge.npo_id, accountId: pledge.account_id }, id: pledge.setup_id })
    .catch(rethrow);
  if (setup.metadata.pledge !== reference) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  if (setup.status !== 'succeeded' || !setup.paymentMethodId)
    throw new AppError('CONFLICT', setup.failureMessage ?? CROWDFUNDING_MESSAGES.cardNotSaved);
  return { paymentMethodId: setup.paymentMethodId, customerId: setup.customerId };
}

/**
 * POST /crowdfunding_pledges/{reference}/confirm: after the browser confirmed the card setup, the provider
 * must report it succeeded for this pledge (its metadata) before the pledge counts. Confirming twice is a no-op.
 * A pledge whose card was declined at settlement is confirmed the same way after its new card
 * (`updatePledgeCard`) and is charged again by the settlement, sent at once.
 */
export async function confirmPledge(deps: PledgeDeps, reference: string): Promise<TPledgeSummary> {
  const pledge = await pledgeOf(deps.db, reference);
  if (!pledge) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  if (pledge.status === 'failed') return retryPledge(deps, reference, pledge);
  if (pledge.status !== 'saving') return summaryOf(reference, pledge);
  if (pledge.settlement !== null) throw new AppError('CONFLICT', CROWDFUNDING_MESSAGES.pledgeSettled);
  const card = await savedCard(deps, reference, pledge);
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      UPDATE crowdfunding_pledges SET status = 'pledged', payment_method_id = ${card.paymentMethodId},
        customer_id = coalesce(${card.customerId}, customer_id)
      WHERE id = ${pledge.id} AND status = 'saving' AND (SELECT cf.settlement FROM crowdfunding_campaigns cf
        WHERE cf.campaign_id = crowdfunding_pledges.campaign_id) IS NULL
      RETURNING id`);
    if (rows.length > 0) await claimPledgeReward(tx, pledge.id);
  });
  return pledgeSummary(deps.db, reference);
}

/** A declined pledge's new card: back to 'pledged' (told again when settled), then the settlement runs. */
async function retryPledge(deps: PledgeDeps, reference: string, pledge: PledgeRow): Promise<TPledgeSummary> {
  const card = await savedCard(deps, reference, pledge);
  const { rows } = await deps.db.execute(sql`
    UPDATE crowdfunding_pledges SET status = 'pledged', payment_method_id = ${card.paymentMethodId},
      customer_id = coalesce(${card.customerId}, customer_id), failure_message = NULL, notified_at = NULL,
      charging_since = NULL
    WHERE id = ${pledge.id} AND status = 'failed' AND payment_method_id IS DISTINCT FROM ${card.paymentMethodId}
    RETURNING id`);
  if (rows.length > 0 && deps.jobs)
    await deps.jobs.send(
      settlementQueue,
      { slot: `retry-${reference}-${card.paymentMethodId}` },
      {
        key: `crowdfunding-retry-${reference}-${card.paymentMethodId}`,
      },
    );
  return pledgeSummary(deps.db, reference);
}

/**
 * POST /crowdfunding_pledges/{reference}/card: a new card setup for a pledge whose card was declined when the
 * goal was met (the e-mail's link, docs/product/crowdfunding.md#funding-models); any other pledge is refused.
 */
export async function updatePledgeCard(deps: PledgeDeps, reference: string): Promise<TPledgeStarted> {
  const pledge = await pledgeOf(deps.db, reference);
  if (!pledge) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  if (pledge.status !== 'failed') throw new AppError('CONFLICT', CROWDFUNDING_MESSAGES.cardUpToDate);
  const provider = deps.providers.byName(pledge.provider as ProviderName);
  const account = { npoId: pledge.npo_id, accountId: pledge.account_id };
  const setup = await provider
    .createCardSetup({
      account,
      email: pledge.email,
      metadata: { npo_id: String(pledge.npo_id), pledge: reference },
      idempotencyKey: `crowdfunding-pledge-${reference}-card-${randomToken(9)}`,
    })
    .catch(rethrow);
  await deps.db.execute(sql`
    UPDATE crowdfunding_pledges SET setup_id = ${setup.id}, customer_id = coalesce(${setup.customerId}, customer_id)
    WHERE id = ${pledge.id} AND status = 'failed'`);
  return started(deps, reference, provider.name, setup, account.accountId);
}
