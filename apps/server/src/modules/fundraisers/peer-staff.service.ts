// The staff view of a campaign's fundraiser pages (docs/decisions/044-peer-to-peer-pages.md): totals,
// the pages table and its export, staff decisions about a page, and the campaign's P2P settings.
import {
  fromMinorUnits,
  type TPeerSettings,
  type TPeerStaffRow,
  type TPeerStaffView,
  type TPeerTextInput,
} from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { sanitiseDescription } from '../campaigns/index.ts';
import { clearPeerCredit } from '../donations/index.ts';
import {
  findOwnCampaign,
  type PeerPageRow,
  selectPeerPages,
  selectPeerSettings,
  setPeerPageState,
  updatePeerPage,
  upsertPeerSettings,
} from './peer-pages.repository.ts';

const toRow = (r: PeerPageRow): TPeerStaffRow => ({
  id: Number(r.id),
  title: r.title,
  story: r.story,
  fundraiser: r.fundraiser ?? '',
  campaign_url: r.campaign_url,
  state: r.state,
  featured: r.featured,
  raised_minor: Number(r.raised),
  goal_minor: r.goal_minor === null ? null : Number(r.goal_minor),
  gifts: Number(r.donations),
  created_at: new Date(r.created_at).toISOString(),
});

async function campaignOf(db: Db, actor: OrganisationSession, campaignId: number) {
  const campaign = await findOwnCampaign(db, actor.selectedNpoId, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign not found.');
  return campaign;
}

const pagesOf = (db: Db, npoId: number, campaignId: number) =>
  selectPeerPages(
    db,
    // p2p16c: teams' own pages are on the teams' table, not the fundraisers' (decision 067).
    sql`c.npo_id = ${npoId} AND c.parent_campaign_id = ${campaignId} AND coalesce(pp.kind, 'fundraiser') = 'fundraiser'`,
    sql`t.raised DESC, c.id`,
  );

/** The teams' own pages of the campaign (decision 067), whose gifts were made through fundraising too. */
const teamPagesOf = (db: Db, npoId: number, campaignId: number) =>
  selectPeerPages(
    db,
    sql`c.npo_id = ${npoId} AND c.parent_campaign_id = ${campaignId} AND pp.kind = 'team'`,
    sql`c.id`,
  );

/**
 * Totals count pages that still hold their gifts: a removed page's gifts went back to the campaign.
 * "Raised by fundraisers" adds the gifts made on teams' own pages; the average stays per fundraiser page
 * (docs/product/campaigns.md#peer-to-peer).
 */
export async function peerStaffView(db: Db, actor: OrganisationSession, campaignId: number): Promise<TPeerStaffView> {
  const campaign = await campaignOf(db, actor, campaignId);
  const rows = await pagesOf(db, actor.selectedNpoId, campaignId);
  const pages = rows.map(toRow);
  const counted = pages.filter((p) => p.state !== 'removed');
  const teamPages = (await teamPagesOf(db, actor.selectedNpoId, campaignId)).filter((p) => p.state !== 'removed');
  const onPages = counted.reduce((sum, p) => sum + p.raised_minor, 0);
  const raised = teamPages.reduce((sum, p) => sum + Number(p.raised), onPages);
  const campaignRaised = Number(campaign.raised);
  return {
    campaign: { id: Number(campaign.id), name: campaign.name, campaign_url: campaign.campaign_url },
    currency: rows[0]?.currency ?? (await baseCurrency(db, actor.selectedNpoId)),
    totals: {
      raised_minor: raised,
      pages: counted.length,
      teams: await countTeams(db, actor.selectedNpoId, campaignId),
      average_minor: counted.length === 0 ? 0 : Math.round(onPages / counted.length),
      share: campaignRaised > 0 ? Math.min(1, raised / campaignRaised) : 0,
    },
    settings: await selectPeerSettings(db, campaignId),
    pages,
  };
}

async function countTeams(db: Db, npoId: number, campaignId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM peer_teams WHERE npo_id = ${npoId} AND campaign_id = ${campaignId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function baseCurrency(db: Db, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ base_currency: string }>(sql`SELECT base_currency FROM npos WHERE id = ${npoId}`);
  return rows[0]?.base_currency ?? 'USD';
}

/** The pages table as CSV, amounts in major units of the organisation's currency. */
export async function peerPagesCsv(db: Db, actor: OrganisationSession, campaignId: number): Promise<string> {
  await campaignOf(db, actor, campaignId);
  const rows = await pagesOf(db, actor.selectedNpoId, campaignId);
  const currency = rows[0]?.currency ?? (await baseCurrency(db, actor.selectedNpoId));
  return stringify(
    rows.map((r) => {
      const row = toRow(r);
      return [
        row.title,
        row.fundraiser,
        `/raise/${row.campaign_url}`,
        row.state,
        row.featured ? 'yes' : 'no',
        fromMinorUnits(row.raised_minor, currency),
        row.goal_minor === null ? '' : fromMinorUnits(row.goal_minor, currency),
        row.gifts,
        row.created_at.slice(0, 10),
      ];
    }),
    {
      bom: true,
      header: true,
      columns: ['Title', 'Fundraiser', 'Page', 'State', 'Featured', `Raised (${currency})`, 'Goal', 'Gifts', 'Created'],
    },
  );
}

async function pageOf(db: Db, actor: OrganisationSession, campaignId: number, pageId: number) {
  const [row] = await selectPeerPages(
    db,
    sql`c.id = ${pageId} AND c.npo_id = ${actor.selectedNpoId} AND c.parent_campaign_id = ${campaignId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Fundraising page not found.');
  return row;
}

type Action = 'approve' | 'feature' | 'unfeature' | 'hide' | 'show' | 'remove';

const CHANGES: Record<Action, { state?: 'live' | 'hidden' | 'removed'; featured?: boolean }> = {
  approve: { state: 'live' },
  feature: { featured: true },
  unfeature: { featured: false },
  hide: { state: 'hidden' },
  show: { state: 'live' },
  remove: { state: 'removed', featured: false },
};

/**
 * Approve, feature, hide, show or remove a page, audited. Removing keeps every gift: their credit
 * moves to the campaign alone, and the page's address stops answering. A removed page stays removed.
 */
export async function actOnPeerPage(
  db: Db,
  actor: OrganisationSession,
  campaignId: number,
  pageId: number,
  action: Action,
): Promise<TPeerStaffRow> {
  const page = await pageOf(db, actor, campaignId, pageId);
  if (page.state === 'removed') throw new AppError('CONFLICT', 'This page was removed and cannot be changed.');
  await db.transaction(async (tx) => {
    await setPeerPageState(tx, { id: page.id, npoId: actor.selectedNpoId }, CHANGES[action]);
    const recredited = action === 'remove' ? await clearPeerCredit(tx, actor.selectedNpoId, page.id) : [];
    await recordAudit(tx, {
      npoId: actor.selectedNpoId,
      actorUserId: actor.user.id,
      action: `peer_page.${action}`,
      targetType: 'campaign',
      targetId: page.id,
      data: { campaign_id: campaignId, ...(action === 'remove' ? { recredited_donation_ids: recredited } : {}) },
    });
  });
  return toRow(await pageOf(db, actor, campaignId, pageId));
}

/** Staff correct a page's title and story (no impersonation): audited with the text before. */
export async function editPeerText(
  db: Db,
  actor: OrganisationSession,
  campaignId: number,
  pageId: number,
  input: TPeerTextInput,
): Promise<TPeerStaffRow> {
  const page = await pageOf(db, actor, campaignId, pageId);
  await db.transaction(async (tx) => {
    await updatePeerPage(tx, actor.selectedNpoId, page.id, {
      title: input.title,
      story: sanitiseDescription(input.story ?? ''),
    });
    await recordAudit(tx, {
      npoId: actor.selectedNpoId,
      actorUserId: actor.user.id,
      action: 'peer_page.text_edited',
      targetType: 'campaign',
      targetId: page.id,
      data: { before: { title: page.title, story: page.story } },
    });
  });
  return toRow(await pageOf(db, actor, campaignId, pageId));
}

export async function savePeerSettings(
  db: Db,
  actor: OrganisationSession,
  campaignId: number,
  input: TPeerSettings,
): Promise<TPeerSettings> {
  await campaignOf(db, actor, campaignId);
  const settings = { ...input, default_story: sanitiseDescription(input.default_story) };
  await db.transaction(async (tx) => {
    await upsertPeerSettings(tx, actor.selectedNpoId, campaignId, settings);
    await recordAudit(tx, {
      npoId: actor.selectedNpoId,
      actorUserId: actor.user.id,
      action: 'peer_settings.saved',
      targetType: 'campaign',
      targetId: campaignId,
      data: { ...settings },
    });
  });
  return settings;
}
