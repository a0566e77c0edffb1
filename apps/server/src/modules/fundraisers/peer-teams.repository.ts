// SQL only: fundraising teams, their members (fundraiser pages with `peer_pages.team_id`) with the
// pages' totals by the campaigns' rule, the team's latest gifts, and the teams' leaderboard
// (docs/decisions/051-peer-teams-and-milestones.md).
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';

export type TeamRow = {
  id: number;
  npo_id: number;
  campaign_id: number;
  campaign_name: string;
  name: string;
  team_url: string;
  story: string;
  image_url: string | null;
  goal_minor: number | null;
  captain_user_id: number;
  captain: string | null;
  currency: string;
  /** The organisation's locale, for the public team page's amounts. */
  locale: string | null;
  state: 'pending' | 'live';
};

/** Teams matching `where` (a condition on the team `t`, which must carry the organisation). */
export async function selectTeams(db: Tx, where: SQL): Promise<TeamRow[]> {
  const { rows } = await db.execute<TeamRow>(sql`
    SELECT t.id, t.npo_id, t.campaign_id, p.name AS campaign_name, t.name, t.team_url, t.story, t.image_url,
      t.goal_minor, t.captain_user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS captain,
      o.base_currency AS currency, o.locale, t.state
    FROM peer_teams t
    JOIN campaigns p ON p.id = t.campaign_id AND p.npo_id = t.npo_id
    JOIN npos o ON o.id = t.npo_id
    LEFT JOIN users u ON u.id = t.captain_user_id
    WHERE ${where}
    ORDER BY t.name, t.id`);
  return rows;
}

export type MemberRow = {
  page_id: number;
  title: string;
  fundraiser: string | null;
  campaign_url: string;
  owner_user_id: number | null;
  raised: number;
  goal_minor: number | null;
  state: 'pending' | 'live';
};

/** A team's pages that are live, with what each raised (the campaigns' totals rule), best first. */
export async function selectTeamMembers(db: Tx, npoId: number, teamId: number): Promise<MemberRow[]> {
  const { rows } = await db.execute<MemberRow>(sql`
    SELECT c.id AS page_id, c.name AS title, nullif(trim(u.first_name || ' ' || u.last_name), '') AS fundraiser,
      c.campaign_url, c.owner_user_id, t.raised, c.goal_minor
    FROM peer_pages pp
    JOIN campaigns c ON c.id = pp.campaign_id AND c.npo_id = pp.npo_id
    LEFT JOIN users u ON u.id = c.owner_user_id
    CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.peer_campaign_id = c.id AND d.npo_id = c.npo_id`)}) t
    WHERE pp.team_id = ${teamId} AND pp.npo_id = ${npoId} AND pp.state = 'live' AND pp.kind = 'fundraiser'
    ORDER BY t.raised DESC, c.id`);
  return rows;
}

export type TeamGiftRow = { name: string | null; amount_minor: number; page_title: string; given_at: string };

/** The latest gifts through the team's live pages; names and amounts follow the donor wall choices. */
export async function selectTeamGifts(db: Tx, npoId: number, teamId: number): Promise<TeamGiftRow[]> {
  const { rows } = await db.execute<TeamGiftRow>(sql`
    SELECT CASE WHEN NOT d.add_to_donor_wall THEN NULL
        WHEN d.first_name_only_to_donor_wall THEN nullif(trim(n.first_name), '')
        ELSE nullif(trim(n.first_name || ' ' || n.last_name), '') END AS name,
      CASE WHEN d.show_amount_on_donor_wall THEN d.amount_minor - d.fee_covered_minor ELSE 0 END AS amount_minor,
      c.name AS page_title, d.created_at AS given_at
    FROM peer_pages pp
    JOIN campaigns c ON c.id = pp.campaign_id AND c.npo_id = pp.npo_id
    JOIN donations d ON d.peer_campaign_id = c.id AND d.npo_id = c.npo_id AND d.status = 'succeeded'
    JOIN donors n ON n.id = d.donor_id AND n.npo_id = d.npo_id
    WHERE pp.team_id = ${teamId} AND pp.npo_id = ${npoId} AND pp.state = 'live'
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT 20`);
  return rows;
}

export type TeamFields = {
  name: string;
  teamUrl: string;
  story: string;
  imageUrl: string | null;
  goalMinor: number | null;
};

export async function insertTeam(
  tx: Tx,
  team: TeamFields & { npoId: number; campaignId: number; captainUserId: number; state: 'pending' | 'live' },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO peer_teams (npo_id, campaign_id, name, team_url, captain_user_id, story, image_url, goal_minor, state)
    VALUES (${team.npoId}, ${team.campaignId}, ${team.name}, ${team.teamUrl}, ${team.captainUserId}, ${team.story},
      ${team.imageUrl}, ${team.goalMinor}, ${team.state})
    RETURNING id`);
  return Number(rows[0]?.id);
}

export async function updateTeam(tx: Tx, npoId: number, teamId: number, f: TeamFields): Promise<void> {
  await tx.execute(sql`
    UPDATE peer_teams SET name = ${f.name}, team_url = ${f.teamUrl}, story = ${f.story}, image_url = ${f.imageUrl},
      goal_minor = ${f.goalMinor}, updated_at = now()
    WHERE id = ${teamId} AND npo_id = ${npoId}`);
}

/** Puts a page in a team, or out of any (null). */
export async function setPageTeam(tx: Tx, page: { id: number; npoId: number }, teamId: number | null): Promise<void> {
  await tx.execute(sql`
    INSERT INTO peer_pages (campaign_id, npo_id, team_id) VALUES (${page.id}, ${page.npoId}, ${teamId})
    ON CONFLICT (campaign_id) DO UPDATE SET team_id = excluded.team_id, updated_at = now()`);
}

export async function teamOfPage(db: Tx, pageId: number): Promise<number | null> {
  const { rows } = await db.execute<{ team_id: number | null }>(
    sql`SELECT team_id FROM peer_pages WHERE campaign_id = ${pageId}`,
  );
  const teamId = rows[0]?.team_id;
  return teamId === null || teamId === undefined ? null : Number(teamId);
}

export type BoardTeamRow = {
  id: number;
  name: string;
  team_url: string;
  captain: string | null;
  members: number;
  raised: number;
  goal_minor: number | null;
  state: 'pending' | 'live';
};

/**
 * A campaign's teams by what their live pages raised (succeeded gifts' base amounts, like the
 * fundraisers' board), from the maintained per-page totals (decision 059). The team's own page
 * (decision 067) adds its gifts to the sum but is not a member.
 */
export async function selectTeamBoard(db: Tx, npoId: number, campaignId: number, limit: number, liveOnly = true) {
  const { rows } = await db.execute<BoardTeamRow>(sql`
    SELECT t.id, t.name, t.team_url, nullif(trim(u.first_name || ' ' || u.last_name), '') AS captain,
      count(pp.campaign_id) FILTER (WHERE pp.kind = 'fundraiser')::int AS members,
      coalesce(sum(g.raised_minor), 0) AS raised, t.goal_minor, t.state
    FROM peer_teams t
    LEFT JOIN users u ON u.id = t.captain_user_id
    LEFT JOIN peer_pages pp ON pp.team_id = t.id AND pp.npo_id = t.npo_id AND pp.state = 'live'
    LEFT JOIN peer_page_totals g ON g.campaign_id = t.campaign_id AND g.peer_campaign_id = pp.campaign_id
    WHERE t.campaign_id = ${campaignId} AND t.npo_id = ${npoId}
      AND (${!liveOnly} OR t.state = 'live')
    GROUP BY t.id, u.first_name, u.last_name
    ORDER BY raised DESC, t.id
    LIMIT ${limit}`);
  return rows;
}

/** Staff approve a pending team of their campaign; false when there is no such team. */
export async function approveTeam(tx: Tx, npoId: number, campaignId: number, teamId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE peer_teams SET state = 'live', updated_at = now()
    WHERE id = ${teamId} AND npo_id = ${npoId} AND campaign_id = ${campaignId}
    RETURNING id`);
  return rows.length > 0;
}
