// Fundraising teams (docs/decisions/051-peer-teams-and-milestones.md). A fundraiser creates a team
// from one of their pages (becoming its captain) or joins one of the same campaign; only the
// captain edits the team. Another organisation's team, or one the caller does not captain, is 404.
import {
  type TPeerTeam,
  type TPeerTeamInput,
  type TPeerTeamPage,
  type TPeerTeamPanel,
  type TTeamBoard,
  ZPeerTeamInput,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { refuseUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { sanitiseDescription } from '../campaigns/index.ts';
import { selectPeerSettings } from './peer-pages.repository.ts';
import { ownPeerPage } from './peer-pages.service.ts';
import { insertTeamPage, selectTeamPage, updateTeamPage } from './peer-team-page.ts';
import { requireTeamFundraising, teamFundraisingOn } from './peer-team-setting.ts';
import {
  insertTeam,
  selectTeamBoard,
  selectTeamGifts,
  selectTeamMembers,
  selectTeams,
  setPageTeam,
  type TeamRow,
  teamOfPage,
  updateTeam,
} from './peer-teams.repository.ts';

const NO_TEAM = 'Team not found.';
const URL_TAKEN = 'This team address is already in use. Choose another.';
const num = (v: number | null) => (v === null ? null : Number(v));

export async function toTeam(db: Db, t: TeamRow): Promise<TPeerTeam> {
  // p2p16c: gifts made on the team's own page count for the team once, beside its members' (decision 067).
  const [members, own] = await Promise.all([selectTeamMembers(db, t.npo_id, t.id), selectTeamPage(db, t.npo_id, t.id)]);
  return {
    id: Number(t.id),
    campaign_id: Number(t.campaign_id),
    campaign_name: t.campaign_name,
    name: t.name,
    team_url: t.team_url,
    story: t.story,
    image_url: t.image_url,
    goal_minor: num(t.goal_minor),
    captain: t.captain ?? '',
    currency: t.currency,
    raised_minor: members.reduce((sum, m) => sum + Number(m.raised), Number(own?.raised ?? 0)),
    members: members.map((m) => ({
      page_id: Number(m.page_id),
      title: m.title,
      fundraiser: m.fundraiser ?? '',
      campaign_url: m.campaign_url,
      captain: m.owner_user_id !== null && Number(m.owner_user_id) === Number(t.captain_user_id),
      raised_minor: Number(m.raised),
      goal_minor: num(m.goal_minor),
    })),
  };
}

const fieldsOf = (body: TPeerTeamInput) => {
  const input = ZPeerTeamInput.parse(body);
  return {
    name: input.name,
    teamUrl: input.team_url,
    story: sanitiseDescription(input.story),
    imageUrl: input.image_url,
    goalMinor: input.goal_minor,
  };
};

const refuseTakenUrl = (error: unknown): never =>
  refuseUniqueViolation(error, {
    peer_teams_team_url_unique: () => new AppError('CONFLICT', URL_TAKEN, { team_url: URL_TAKEN }),
  });

/** The team panel of one of the caller's pages: its team and the campaign's other teams. */
export async function teamPanel(db: Db, actor: OrganisationSession, pageId: number): Promise<TPeerTeamPanel> {
  const page = await ownPeerPage(db, actor, pageId);
  const teamId = await teamOfPage(db, page.id);
  const teams = await selectTeams(db, sql`t.npo_id = ${page.npo_id} AND t.campaign_id = ${page.campaign_id}`);
  const mine = teams.find((t) => Number(t.id) === teamId);
  const team = mine ? await toTeam(db, mine) : null;
  const joinable = await Promise.all(
    teams
      .filter((t) => Number(t.id) !== teamId)
      .map(async (t) => ({
        id: Number(t.id),
        name: t.name,
        team_url: t.team_url,
        members: (await selectTeamMembers(db, t.npo_id, t.id)).length,
      })),
  );
  const team_fundraising = await teamFundraisingOn(db, Number(page.campaign_id));
  return {
    team,
    is_captain: mine ? Number(mine.captain_user_id) === actor.user.id : false,
    team_fundraising,
    joinable: team_fundraising ? joinable : [],
  };
}

/** Creates a team of the page's campaign with the caller as captain and their page as first member. */
export async function createTeam(db: Db, actor: OrganisationSession, pageId: number, body: TPeerTeamInput) {
  const page = await ownPeerPage(db, actor, pageId);
  if ((await teamOfPage(db, page.id)) !== null) {
    throw new AppError('CONFLICT', 'Your page is already in a team. Leave it first.');
  }
  await requireTeamFundraising(db, Number(page.campaign_id), 'name');
  const fields = fieldsOf(body);
  // A campaign that approves its pages approves its teams too (decision 051).
  const { approval_required } = await selectPeerSettings(db, Number(page.campaign_id));
  await db
    .transaction(async (tx) => {
      const teamId = await insertTeam(tx, {
        ...fields,
        npoId: page.npo_id,
        campaignId: Number(page.campaign_id),
        captainUserId: actor.user.id,
        state: approval_required ? 'pending' : 'live',
      });
      await setPageTeam(tx, { id: page.id, npoId: page.npo_id }, teamId);
      // p2p16c: the team's own page, where gifts credit the team alone (decision 067).
      await insertTeamPage(tx, {
        ...fields,
        teamId,
        npoId: page.npo_id,
        campaignId: Number(page.campaign_id),
        live: !approval_required,
      });
    })
    .catch(refuseTakenUrl);
  return teamPanel(db, actor, pageId);
}

/** Moves the caller's page into a team of the same campaign; a captain cannot leave their own team. */
export async function joinTeam(db: Db, actor: OrganisationSession, pageId: number, teamId: number | null) {
  const page = await ownPeerPage(db, actor, pageId);
  const current = await teamOfPage(db, page.id);
  if (current !== null) {
    const [team] = await selectTeams(db, sql`t.id = ${current} AND t.npo_id = ${page.npo_id}`);
    if (team && Number(team.captain_user_id) === actor.user.id) {
      throw new AppError('CONFLICT', 'You captain this team, so your page stays in it.');
    }
  }
  if (teamId !== null) {
    await requireTeamFundraising(db, Number(page.campaign_id));
    const [team] = await selectTeams(
      db,
      sql`t.id = ${teamId} AND t.npo_id = ${page.npo_id} AND t.campaign_id = ${page.campaign_id}`,
    );
    if (!team) throw new AppError('NOT_FOUND', NO_TEAM, { team_id: 'Choose a team of this campaign.' });
  }
  await setPageTeam(db, { id: page.id, npoId: page.npo_id }, teamId);
  return teamPanel(db, actor, pageId);
}

/** The captain changes their team's name, address, story, photo and goal. */
export async function editTeam(db: Db, actor: OrganisationSession, teamId: number, body: TPeerTeamInput) {
  const [team] = await selectTeams(
    db,
    sql`t.id = ${teamId} AND t.npo_id = ${actor.selectedNpoId} AND t.captain_user_id = ${actor.user.id}`,
  );
  if (!team) throw new AppError('NOT_FOUND', NO_TEAM);
  const fields = fieldsOf(body);
  await db
    .transaction(async (tx) => {
      await updateTeam(tx, team.npo_id, team.id, fields);
      await updateTeamPage(tx, team.npo_id, team.id, fields);
    })
    .catch(refuseTakenUrl);
  const [saved] = await selectTeams(db, sql`t.id = ${teamId} AND t.npo_id = ${actor.selectedNpoId}`);
  return toTeam(db, saved ?? team);
}

/** The public team page; null when the team or its campaign is not public. */
export async function publicTeamPage(db: Db, url: string): Promise<TPeerTeamPage | null> {
  const [row] = await selectTeams(db, sql`t.team_url = ${url} AND p.status = 'active' AND t.state = 'live'`);
  if (!row) return null;
  // The reads are independent: asked at once, so the served page (decision 079) waits for the slowest only.
  const [team, gifts, own, teamFundraising] = await Promise.all([
    toTeam(db, row),
    selectTeamGifts(db, row.npo_id, row.id),
    // p2p16c: the team's own page takes the gift (decision 067); a team without one gives through its captain.
    selectTeamPage(db, row.npo_id, row.id),
    teamFundraisingOn(db, Number(row.campaign_id)),
  ]);
  const target = team.members.find((m) => m.captain) ?? team.members[0];
  return {
    ...team,
    gifts: gifts.map((g) => ({
      donor_name: g.name ?? 'Anonymous supporter',
      amount_minor: Number(g.amount_minor),
      page_title: g.page_title,
      given_at: new Date(g.given_at).toISOString(),
    })),
    donate_url: own ? `/raise/${own.campaign_url}` : target ? `/raise/${target.campaign_url}` : null,
    team_fundraising: teamFundraising,
    locale: row.locale || 'en-US',
  };
}

/** The public teams' leaderboard of a campaign; null while the campaign is not public. */
export async function teamBoard(db: Db, campaignId: number, limit: number): Promise<TTeamBoard | null> {
  const { rows } = await db.execute<{ npo_id: number; base_currency: string }>(sql`
    SELECT c.npo_id, n.base_currency FROM campaigns c JOIN npos n ON n.id = c.npo_id
    WHERE c.id = ${campaignId} AND c.parent_campaign_id IS NULL AND c.status = 'active'`);
  const campaign = rows[0];
  if (!campaign) return null;
  const teams = await selectTeamBoard(db, campaign.npo_id, campaignId, limit);
  return {
    currency: campaign.base_currency,
    team_fundraising: await teamFundraisingOn(db, campaignId),
    teams: teams.map((t) => ({
      id: Number(t.id),
      name: t.name,
      team_url: t.team_url,
      members: Number(t.members),
      raised_minor: Number(t.raised),
      goal_minor: num(t.goal_minor),
    })),
  };
}
