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
import { randomToken } from '../../platform/security/tokens.ts';
import { type PaymentProviders, ProviderError, type ProviderName, providerErrorToAppError } from '../payments/index.ts';

export type PledgeDeps = { db: Db; providers: PaymentProviders };

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
  await deps.db.execute(sql`
    INSERT INTO crowdfunding_pledges (campaign_id, npo_id, reference, provider, account_id, setup_id, customer_id,
      amount_minor, currency, email, first_name, last_name)
    VALUES (${campaign.id}, ${campaign.npo_id}, ${reference}, ${provider.name}, ${account.accountId}, ${setup.id},
      ${setup.customerId}, ${input.amount_minor}, ${campaign.currency}, ${input.email}, ${input.first_name ?? ''},
      ${input.last_name ?? ''})`);
  return { reference, provider: provider.name, setup_id: setup.id, client_secret: setup.clientSecret };
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
};

async function pledgeOf(db: Db, reference: string): Promise<PledgeRow | null> {
  const { rows } = await db.execute<PledgeRow>(sql`
    SELECT p.id, p.npo_id, p.status, p.provider, p.account_id, p.setup_id, p.amount_minor, p.currency,
      c.name AS campaign, coalesce(cf.deadline, c.ends_at) AS deadline, cf.settlement, p.failure_message
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
});

export async function pledgeSummary(db: Db, reference: string): Promise<TPledgeSummary> {
  const pledge = await pledgeOf(db, reference);
  if (!pledge) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  return summaryOf(reference, pledge);
}

/**
 * POST /crowdfunding_pledges/{reference}/confirm: after the browser confirmed the card setup, the provider
 * must report it succeeded for this pledge (its metadata) before the pledge counts. Confirming twice is a no-op.
 */
export async function confirmPledge(deps: PledgeDeps, reference: string): Promise<TPledgeSummary> {
  const pledge = await pledgeOf(deps.db, reference);
  if (!pledge) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  if (pledge.status !== 'saving') return summaryOf(reference, pledge);
  if (pledge.settlement !== null) throw new AppError('CONFLICT', CROWDFUNDING_MESSAGES.pledgeSettled);
  const setup = await deps.providers
    .byName(pledge.provider as ProviderName)
    .retrieveCardSetup({ account: { npoId: pledge.npo_id, accountId: pledge.account_id }, id: pledge.setup_id })
    .catch(rethrow);
  if (setup.metadata.pledge !== reference) throw new AppError('NOT_FOUND', CROWDFUNDING_MESSAGES.pledgeNotFound);
  if (setup.status !== 'succeeded' || !setup.paymentMethodId)
    throw new AppError('CONFLICT', setup.failureMessage ?? CROWDFUNDING_MESSAGES.cardNotSaved);
  await deps.db.execute(sql`
    UPDATE crowdfunding_pledges SET status = 'pledged', payment_method_id = ${setup.paymentMethodId},
      customer_id = coalesce(${setup.customerId}, customer_id)
    WHERE id = ${pledge.id} AND status = 'saving' AND (SELECT cf.settlement FROM crowdfunding_campaigns cf
      WHERE cf.campaign_id = crowdfunding_pledges.campaign_id) IS NULL`);
  return pledgeSummary(deps.db, reference);
}
