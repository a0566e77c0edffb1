// SQL only: a team's own page (docs/decisions/067-team-pages-and-joining-at-sign-up.md). It is a
// child campaign of the team's campaign with no owner and a `peer_pages` row of kind 'team', so the
// team page's donate button gives through /raise/{its url}: the gift is credited to the team alone
// by the ordinary peer credit, and the maintained per-page totals count it once.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';

type NewTeamPage = {
  teamId: number;
  npoId: number;
  campaignId: number;
  name: string;
  story: string;
  teamUrl: string;
  goalMinor: number | null;
  live: boolean;
};

/** Creates the team's page at a free `team-<team url>[-n]` address; pending teams' pages wait as drafts. */
export async function insertTeamPage(tx: Tx, team: NewTeamPage): Promise<number> {
  const base = `team-${team.teamUrl}`.slice(0, 110);
  for (let n = 1; n < 100; n++) {
    const url = n === 1 ? base : `${base}-${n}`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO campaigns (npo_id, name, description, campaign_url, status, currency, currencies, parent_campaign_id, goal_minor)
      SELECT ${team.npoId}, ${team.name}, ${team.story}, ${url}, ${team.live ? 'active' : 'draft'}, p.currency, p.currencies,
        p.id, ${team.goalMinor}
      FROM campaigns p WHERE p.id = ${team.campaignId} AND p.npo_id = ${team.npoId}
      ON CONFLICT (campaign_url) DO NOTHING
      RETURNING id`);
    const id = rows[0]?.id;
    if (id !== undefined) {
      await tx.execute(sql`
        INSERT INTO peer_pages (campaign_id, npo_id, team_id, kind, state)
        VALUES (${id}, ${team.npoId}, ${team.teamId}, 'team', ${team.live ? 'live' : 'pending'})`);
      return Number(id);
    }
  }
  throw new Error(`no free campaign URL for ${base}`);
}

/** The team page follows the team's name, story and goal. */
export async function updateTeamPage(
  tx: Tx,
  npoId: number,
  teamId: number,
  f: { name: string; story: string; goalMinor: number | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE campaigns c SET name = ${f.name}, description = ${f.story}, goal_minor = ${f.goalMinor}, updated_at = now()
    FROM peer_pages pp
    WHERE pp.team_id = ${teamId} AND pp.kind = 'team' AND pp.npo_id = ${npoId} AND c.id = pp.campaign_id`);
}

/** Staff approved the team: its page goes live with it. */
export async function approveTeamPage(tx: Tx, npoId: number, teamId: number): Promise<void> {
  await tx.execute(sql`
    WITH page AS (
      UPDATE peer_pages SET state = 'live', updated_at = now()
      WHERE team_id = ${teamId} AND kind = 'team' AND npo_id = ${npoId}
      RETURNING campaign_id)
    UPDATE campaigns SET status = 'active', updated_at = now() WHERE id IN (SELECT campaign_id FROM page)`);
}

export type TeamPageRow = { id: number; campaign_url: string; raised: number };

/** The team's own page with what was given on it, by the campaigns' totals rule like its members' pages. */
export async function selectTeamPage(db: Tx, npoId: number, teamId: number): Promise<TeamPageRow | null> {
  const { rows } = await db.execute<TeamPageRow>(sql`
    SELECT c.id, c.campaign_url, t.raised
    FROM peer_pages pp
    JOIN campaigns c ON c.id = pp.campaign_id AND c.npo_id = pp.npo_id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.peer_campaign_id = c.id AND d.npo_id = c.npo_id`)}) t
    WHERE pp.team_id = ${teamId} AND pp.kind = 'team' AND pp.npo_id = ${npoId}`);
  return rows[0] ?? null;
}
