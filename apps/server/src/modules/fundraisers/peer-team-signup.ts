// A supporter who asks to fundraise on their own may join a live team of the campaign or start a new
// one in the same step (docs/decisions/067-team-pages-and-joining-at-sign-up.md). The choice is
// checked when asked, kept with the request, and acted on only when the e-mailed link is followed
// (decision 023): the new team is made then, with its own page, pending when the campaign asks for
// approval; the person's page joins the team at their first sign-in like an invited member's.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type InvitableCampaign, slug } from './fundraisers.repository.ts';
import { selectPeerSettings } from './peer-pages.repository.ts';
import { insertTeamPage } from './peer-team-page.ts';
import { requireTeamFundraising, teamFundraisingOn } from './peer-team-setting.ts';
import { selectTeams } from './peer-teams.repository.ts';

export type TeamChoice = { teamId: number | null; newTeamName: string | null };

const CHOOSE = 'Choose a team of this campaign.';

/** A live team of the campaign, or null. */
async function liveTeam(db: Tx, campaign: InvitableCampaign, teamId: number) {
  const [team] = await selectTeams(
    db,
    sql`t.id = ${teamId} AND t.npo_id = ${campaign.npoId} AND t.campaign_id = ${campaign.id}`,
  );
  return team ?? null;
}

/** Checks what the supporter asked for before the e-mail goes out; bad choices change nothing. */
export async function checkTeamChoice(
  db: Tx,
  campaign: InvitableCampaign,
  input: { team_id?: number | '' | null; new_team_name?: string | null },
): Promise<TeamChoice> {
  const teamId = input.team_id ? Number(input.team_id) : null;
  const newTeamName = input.new_team_name ?? null;
  if (teamId !== null && newTeamName !== null) {
    const message = 'Join a team or start a new one, not both.';
    throw new AppError('VALIDATION_FAILED', message, { new_team_name: message });
  }
  if (teamId !== null || newTeamName !== null) {
    await requireTeamFundraising(db, campaign.id, teamId !== null ? 'team_id' : 'new_team_name');
  }
  if (teamId !== null) {
    const team = await liveTeam(db, campaign, teamId);
    if (!team) throw new AppError('NOT_FOUND', 'Team not found.', { team_id: CHOOSE });
    if (team.state !== 'live') {
      const message = 'This team is waiting for approval. Choose another team or start your own.';
      throw new AppError('CONFLICT', message, { team_id: message });
    }
  }
  return { teamId, newTeamName };
}

/** The new team at a free address made from its name, captained by the person, with its own page. */
async function startTeam(tx: Tx, campaign: InvitableCampaign, name: string, captainUserId: number): Promise<number> {
  const { approval_required } = await selectPeerSettings(tx, campaign.id);
  const base = (slug(name) || 'team').slice(0, 100);
  for (let n = 1; n < 100; n++) {
    const url = n === 1 ? base : `${base}-${n}`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO peer_teams (npo_id, campaign_id, name, team_url, captain_user_id, state)
      VALUES (${campaign.npoId}, ${campaign.id}, ${name}, ${url}, ${captainUserId},
        ${approval_required ? 'pending' : 'live'})
      ON CONFLICT (team_url) DO NOTHING
      RETURNING id`);
    const id = rows[0]?.id;
    if (id === undefined) continue;
    await insertTeamPage(tx, {
      teamId: Number(id),
      npoId: campaign.npoId,
      campaignId: campaign.id,
      name,
      story: '',
      teamUrl: url,
      goalMinor: null,
      live: !approval_required,
    });
    return Number(id);
  }
  throw new Error(`no free team address for ${base}`);
}

/**
 * When the link is followed: the team the person's page will join. A team that stopped taking
 * members meanwhile (gone, back to pending, or the campaign's team fundraising turned off) is
 * dropped: the person still becomes a fundraiser.
 */
export async function teamOfConfirmedRequest(
  tx: Tx,
  campaign: InvitableCampaign,
  choice: TeamChoice,
  userId: number,
): Promise<number | null> {
  if (!(await teamFundraisingOn(tx, campaign.id))) return null;
  if (choice.teamId !== null) {
    const team = await liveTeam(tx, campaign, choice.teamId);
    return team?.state === 'live' ? Number(team.id) : null;
  }
  return choice.newTeamName !== null ? startTeam(tx, campaign, choice.newTeamName, userId) : null;
}
