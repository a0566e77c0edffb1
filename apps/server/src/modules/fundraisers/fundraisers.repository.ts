// SQL only: fundraisers, the campaign they raise for, and the peer campaign made when they join.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { fundraisers } from './fundraisers.tables.ts';

export type FundraiserRow = typeof fundraisers.$inferSelect;

export type InvitableCampaign = { id: number; npoId: number; name: string; organisation: string; campaignUrl: string };

/** An active campaign (not itself a fundraiser's page) people can be invited to, with its organisation. */
export async function findInvitableCampaign(db: Tx, campaignId: number): Promise<InvitableCampaign | null> {
  const { rows } = await db.execute<{
    id: number;
    npo_id: number;
    name: string;
    organisation: string;
    campaign_url: string;
  }>(sql`
    SELECT c.id, c.npo_id, c.name, n.name AS organisation, c.campaign_url
    FROM campaigns c JOIN npos n ON n.id = c.npo_id
    WHERE c.id = ${campaignId} AND c.status = 'active' AND c.parent_campaign_id IS NULL`);
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        npoId: Number(r.npo_id),
        name: r.name,
        organisation: r.organisation,
        campaignUrl: r.campaign_url,
      }
    : null;
}

/** The invitation, once per campaign and user: a repeat returns the stored one with created false. */
export async function insertFundraiserOnce(
  tx: Tx,
  values: typeof fundraisers.$inferInsert,
): Promise<{ row: FundraiserRow; created: boolean }> {
  const [inserted] = await tx.insert(fundraisers).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const row = await tx.query.fundraisers.findFirst({
    where: (f, { and, eq }) => and(eq(f.campaignId, values.campaignId), eq(f.userId, values.userId)),
  });
  if (!row) throw new Error('fundraiser conflict without a stored fundraiser');
  return { row, created: false };
}

export type PendingInvitation = {
  id: number;
  npoId: number;
  campaignId: number;
  userId: number;
  campaignName: string;
  campaignUrl: string;
  currency: string;
  currencies: string[];
  firstName: string;
  lastName: string;
  teamId: number | null;
};

/** The user's invitations not yet joined, locked so two sign-ins at once join each only once. */
export async function lockPendingInvitations(tx: Tx, userId: number): Promise<PendingInvitation[]> {
  const { rows } = await tx.execute<{
    id: number;
    npo_id: number;
    campaign_id: number;
    campaign_name: string;
    campaign_url: string;
    currency: string;
    currencies: string[];
    first_name: string;
    last_name: string;
    team_id: number | null;
  }>(sql`
    SELECT f.id, f.npo_id, f.campaign_id, c.name AS campaign_name, c.campaign_url, c.currency, c.currencies,
      u.first_name, u.last_name, f.team_id
    FROM fundraisers f JOIN campaigns c ON c.id = f.campaign_id JOIN users u ON u.id = f.user_id
    WHERE f.user_id = ${userId} AND f.status = 'invited'
    ORDER BY f.id
    FOR UPDATE OF f`);
  return rows.map((r) => ({
    id: Number(r.id),
    npoId: Number(r.npo_id),
    campaignId: Number(r.campaign_id),
    userId,
    campaignName: r.campaign_name,
    campaignUrl: r.campaign_url,
    currency: r.currency,
    currencies: r.currencies,
    firstName: r.first_name,
    lastName: r.last_name,
    teamId: r.team_id === null ? null : Number(r.team_id),
  }));
}

/** A URL-safe slug of a name (a fundraiser's, a team's). */
export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The fundraiser's own page: a child campaign at a free `<campaign>-team-<first>-<last>[-n]` URL. */
export async function insertPeerCampaign(tx: Tx, invitation: PendingInvitation): Promise<number> {
  const base =
    `${invitation.campaignUrl}-team-${slug(`${invitation.firstName} ${invitation.lastName}`) || 'fundraiser'}`.slice(
      0,
      110,
    );
  const name = `${`${invitation.firstName} ${invitation.lastName}`.trim() || 'A fundraiser'} for ${invitation.campaignName}`;
  for (let n = 1; n < 100; n++) {
    const url = n === 1 ? base : `${base}-${n}`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, campaign_url, status, currency, currencies, parent_campaign_id, owner_user_id)
      VALUES (${invitation.npoId}, ${name}, ${url}, 'active', ${invitation.currency},
        ${sql.param(invitation.currencies)}::text[], ${invitation.campaignId}, ${invitation.userId})
      ON CONFLICT (campaign_url) DO NOTHING
      RETURNING id`);
    if (rows[0]) return Number(rows[0].id);
  }
  throw new Error(`no free campaign URL for ${base}`);
}

export async function markJoined(tx: Tx, id: number, peerCampaignId: number): Promise<FundraiserRow> {
  const [row] = await tx
    .update(fundraisers)
    .set({ status: 'joined', joinedAt: new Date(), peerCampaignId })
    .where(sql`${fundraisers.id} = ${id}`)
    .returning();
  if (!row) throw new Error(`fundraiser ${id} vanished`);
  return row;
}
