import {
  ACCESS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_URL_MESSAGES,
  type TCampaignValues,
  type TPublicCampaign,
  type TPublicCampaignResponse,
  ZCampaignUrl,
} from '@kindling/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { refuseUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession, RequestSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { type CampaignViewRow, selectCampaignView } from './campaign-view.repository.ts';
import { paymentOptionsOf, toPublicCampaign, toStaffCampaign } from './campaign-view.ts';
import { columnsOf, findOwnCampaign, hasAmounts, isCampaignUrlTaken, replaceChildren } from './campaigns.repository.ts';
import type { TStaffCampaign } from './campaigns.schemas.ts';
import { campaigns } from './campaigns.tables.ts';
import { type CurrencyFactors, factorsFor } from './currency-amounts.ts';
import { customCssProblem } from './custom-css.ts';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
/** docs/product/donation-form.md#messages: what the public form shows when there is no campaign to give to. */
export const NO_CAMPAIGN = 'No campaign data available';
const URL_TAKEN = CAMPAIGN_URL_MESSAGES.taken;
type StaffResponse = { campaign: TStaffCampaign };

type Actor = Pick<OrganisationSession, 'selectedNpoId' | 'user'>;

/** A public form may show a campaign, or a peer campaign of a campaign, only while both are active. */
const PUBLICLY_ACTIVE = sql`c.status = 'active' AND (c.parent_campaign_id IS NULL OR EXISTS (
  SELECT 1 FROM campaigns p WHERE p.id = c.parent_campaign_id AND p.npo_id = c.npo_id AND p.status = 'active'))`;

const ownCondition = (npoId: number, id: number) => sql`c.id = ${id} AND c.npo_id = ${npoId}`;

export async function loadDetail(
  db: Tx,
  config: Config,
  npoId: number,
  id: number,
  rates?: CurrencyFactors,
): Promise<StaffResponse> {
  const row = await selectCampaignView(db, ownCondition(npoId, id), rates);
  if (!row) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return { campaign: toStaffCampaign(row, paymentsOf(config, row), factorsOf(rates, row)) };
}

/** The exchange-rate factors of the form's currencies, from the rows the campaign's statement read. */
const factorsOf = (rates: CurrencyFactors | undefined, row: CampaignViewRow) =>
  factorsFor(rates, row.rate_rows, row.form);

const paymentsOf = (config: Config, row: CampaignViewRow) =>
  paymentOptionsOf(config, {
    stripeAccountId: row.stripe_account_id,
    paypalMerchantId: row.paypal_merchant_id,
    paypalEmail: row.paypal_email,
    // The form's campaign decides (a fundraiser page follows its parent), else the organisation.
    methods: row.form.donation_methods ?? row.npo_donation_methods,
  });

/**
 * GET /npo_admin/campaigns/:id serves two callers (docs/product/campaigns.md#campaigns): the public form, which gets
 * the public shape of an active campaign, and signed-in staff of the campaign's organisation, who
 * get the editable shape of any of its campaigns, drafts included. Anyone else gets 404.
 */
export async function getCampaignForViewer(
  db: Db,
  config: Config,
  session: RequestSession | null,
  id: number,
  rates?: CurrencyFactors,
): Promise<TPublicCampaignResponse | StaffResponse> {
  const npoId = session?.selectedNpoId ?? null;
  const isStaff = npoId !== null && (ACCESS.dashboard as readonly number[]).includes(session?.roleCode ?? -1);
  if (isStaff) {
    const own = await selectCampaignView(db, ownCondition(npoId, id), rates);
    if (own) return { campaign: toStaffCampaign(own, paymentsOf(config, own), factorsOf(rates, own)) };
  }
  return publicView(db, config, sql`c.id = ${id} AND ${PUBLICLY_ACTIVE}`, rates);
}

/** GET /npo_admin/campaign_page: the public shape by URL, active campaigns only. */
export function getCampaignPage(
  db: Db,
  config: Config,
  campaignUrl: string,
  rates?: CurrencyFactors,
): Promise<TPublicCampaignResponse> {
  return publicView(db, config, sql`c.campaign_url = ${campaignUrl.toLowerCase()} AND ${PUBLICLY_ACTIVE}`, rates);
}

/**
 * For the payments module: the campaign a donor may pay to right now (active, and for a peer
 * campaign an active parent), in its public shape, or null. `campaign.campaign_id` is where the gift
 * goes, `peer_campaign_id` the page it came through, `npo_id` the organisation, and card_enabled /
 * wallet_enabled / stripe_account what the organisation can take.
 */
export async function findPayableCampaign(
  db: Db,
  config: Config,
  id: number,
  rates?: CurrencyFactors,
): Promise<PayableCampaign | null> {
  const row = await selectCampaignView(db, sql`c.id = ${id} AND ${PUBLICLY_ACTIVE}`, rates);
  if (!row) return null;
  const campaign = toPublicCampaign(row, paymentsOf(config, row), new Date(), factorsOf(rates, row));
  return { ...campaign, npo_locale: row.npo_locale };
}

/**
 * The public shape plus what only the server needs when a gift is recorded: the organisation's
 * locale, read in the same statement, so the staff notice of a gift costs no query of its own.
 */
export type PayableCampaign = TPublicCampaign & { npo_locale: string };

async function publicView(
  db: Db,
  config: Config,
  where: SQL,
  rates?: CurrencyFactors,
): Promise<TPublicCampaignResponse> {
  const row = await selectCampaignView(db, where, rates);
  if (!row) throw new AppError('NOT_FOUND', NO_CAMPAIGN);
  return { campaign: toPublicCampaign(row, paymentsOf(config, row), new Date(), factorsOf(rates, row)) };
}

/** A peer campaign raises for one of the organisation's own top-level campaigns, never for itself. */
async function assertParent(db: Tx, npoId: number, parentId: number | null, selfId: number | null) {
  if (parentId === null) return;
  const parent = await findOwnCampaign(db, npoId, parentId);
  if (!parent || parent.parentCampaignId !== null || parentId === selfId) {
    const message = 'Choose one of your organisation’s campaigns as the parent.';
    throw new AppError('VALIDATION_FAILED', message, { parent_campaign_id: message });
  }
}

/**
 * Whether a campaign URL could be saved now: the contract's format rules, then whether another
 * campaign of any organisation has it (public addresses are one namespace).
 */
export async function checkCampaignUrl(
  db: Db,
  url: string,
  exceptId: number | null,
): Promise<{ campaign_url: string; available: boolean; message: string | null }> {
  const parsed = ZCampaignUrl.safeParse(url);
  const normalised = url.trim().toLowerCase();
  if (!parsed.success) {
    return { campaign_url: normalised, available: false, message: parsed.error.issues[0]?.message ?? URL_TAKEN };
  }
  const taken = await isCampaignUrlTaken(db, parsed.data, exceptId);
  return { campaign_url: parsed.data, available: !taken, message: taken ? URL_TAKEN : null };
}

/** Custom CSS must parse and may not load or run anything from elsewhere (decision 023). */
function assertCustomCss(css: string) {
  const problem = customCssProblem(css);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { custom_css: problem });
}

async function assertUrlFree(db: Tx, url: string, exceptId: number | null) {
  if (await isCampaignUrlTaken(db, url, exceptId)) {
    throw new AppError('CONFLICT', URL_TAKEN, { campaign_url: URL_TAKEN });
  }
}

/** A concurrent save can still take the URL between our check and our write: same answer. */
function rethrowUrlConflict(error: unknown): never {
  refuseUniqueViolation(error, {
    campaigns_campaignUrl_unique: () => new AppError('CONFLICT', URL_TAKEN, { campaign_url: URL_TAKEN }),
  });
}

export async function createCampaign(
  db: Db,
  config: Config,
  actor: Actor,
  input: TCampaignValues,
  ip: string | null,
  rates?: CurrencyFactors,
): Promise<StaffResponse> {
  assertCustomCss(input.custom_css);
  await assertParent(db, actor.selectedNpoId, input.parent_campaign_id, null);
  await assertUrlFree(db, input.campaign_url, null);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...columnsOf(input), npoId: actor.selectedNpoId })
        .returning({ id: campaigns.id });
      if (!row) throw new Error('campaign insert returned no row');
      await replaceChildren(tx, actor.selectedNpoId, row.id, input);
      await audit(
        tx,
        actor,
        'campaign.created',
        row.id,
        { campaign_url: input.campaign_url, status: input.status },
        ip,
      );
      return loadDetail(tx, config, actor.selectedNpoId, row.id, rates);
    })
    .catch(rethrowUrlConflict);
}

/** Saves the whole campaign; presets, questions and designations are replaced in the same transaction. */
export async function updateCampaign(
  db: Db,
  config: Config,
  actor: Actor,
  id: number,
  input: TCampaignValues,
  ip: string | null,
  rates?: CurrencyFactors,
): Promise<StaffResponse> {
  const existing = await findOwnCampaign(db, actor.selectedNpoId, id);
  if (!existing) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  assertCustomCss(input.custom_css);
  await assertParent(db, actor.selectedNpoId, input.parent_campaign_id, id);
  await assertUrlFree(db, input.campaign_url, id);
  return db
    .transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(and(eq(campaigns.id, id), eq(campaigns.npoId, actor.selectedNpoId)));
      // A peer campaign's form is its parent's: its own children are never shown, so never written.
      if (existing.parentCampaignId === null) await replaceChildren(tx, actor.selectedNpoId, id, input);
      await audit(tx, actor, 'campaign.updated', id, { campaign_url: input.campaign_url, status: input.status }, ip);
      return loadDetail(tx, config, actor.selectedNpoId, id, rates);
    })
    .catch(rethrowUrlConflict);
}

export async function changeCampaignStatus(
  db: Db,
  config: Config,
  actor: Actor,
  id: number,
  status: 'draft' | 'active' | 'ended',
  ip: string | null,
  rates?: CurrencyFactors,
): Promise<StaffResponse> {
  const existing = await findOwnCampaign(db, actor.selectedNpoId, id);
  if (!existing) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  if (status === 'active' && existing.parentCampaignId === null && !(await hasAmounts(db, actor.selectedNpoId, id))) {
    const message = CAMPAIGN_MESSAGES.amountOrUserAmount;
    throw new AppError('VALIDATION_FAILED', message, { amounts: message });
  }
  return db.transaction(async (tx) => {
    await tx
      .update(campaigns)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(campaigns.id, id), eq(campaigns.npoId, actor.selectedNpoId)));
    await audit(tx, actor, 'campaign.status_changed', id, { before: existing.status, after: status }, ip);
    return loadDetail(tx, config, actor.selectedNpoId, id, rates);
  });
}

export function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  id: number,
  data: Record<string, unknown>,
  ip: string | null,
): Promise<void> {
  return recordAudit(tx, {
    npoId: actor.selectedNpoId,
    actorUserId: actor.user.id,
    action,
    targetType: 'campaign',
    targetId: id,
    data,
    ip,
  });
}
