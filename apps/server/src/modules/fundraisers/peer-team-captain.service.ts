// A team captain's view (docs/decisions/051-peer-teams-and-milestones.md): the captain sees their
// team, its members and open invitations, removes a member and invites people into the team. Every
// read is by team id, organisation and captain: another team, or another organisation's, is 404.
import type { TPeerCaptainTeam } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession, RequestSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import type { InvitableCampaign } from './fundraisers.repository.ts';
import { requireTeamFundraising } from './peer-team-setting.ts';
import { selectTeams, setPageTeam } from './peer-teams.repository.ts';
import { toTeam } from './peer-teams.service.ts';

const NO_TEAM = 'Team not found.';

async function captainedTeam(db: Db, actor: OrganisationSession, teamId: number) {
  const [team] = await selectTeams(
    db,
    sql`t.id = ${teamId} AND t.npo_id = ${actor.selectedNpoId} AND t.captain_user_id = ${actor.user.id}`,
  );
  if (!team) throw new AppError('NOT_FOUND', NO_TEAM);
  return team;
}

/** The captain's team with its members and the invitations not yet accepted. */
export async function captainTeam(db: Db, actor: OrganisationSession, teamId: number): Promise<TPeerCaptainTeam> {
  const team = await captainedTeam(db, actor, teamId);
  const { rows } = await db.execute<{ first_name: string; last_name: string; email: string; invited_at: string }>(sql`
    SELECT u.first_name, u.last_name, u.email, f.invited_at
    FROM fundraisers f JOIN users u ON u.id = f.user_id
    WHERE f.team_id = ${team.id} AND f.npo_id = ${team.npo_id} AND f.status = 'invited'
    ORDER BY f.invited_at DESC, f.id DESC`);
  return {
    ...(await toTeam(db, team)),
    state: team.state,
    invitations: rows.map((r) => ({
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      invited_at: new Date(r.invited_at).toISOString(),
    })),
  };
}

/** Takes a member's page out of the team (its gifts stay with the page); the captain's own page stays. */
export async function removeTeamMember(db: Db, actor: OrganisationSession, teamId: number, pageId: number) {
  const team = await captainedTeam(db, actor, teamId);
  const { rows } = await db.execute<{ owner_user_id: number | null }>(sql`
    SELECT c.owner_user_id FROM peer_pages pp JOIN campaigns c ON c.id = pp.campaign_id AND c.npo_id = pp.npo_id
    WHERE pp.campaign_id = ${pageId} AND pp.team_id = ${team.id} AND pp.npo_id = ${team.npo_id}`);
  const member = rows[0];
  if (!member) throw new AppError('NOT_FOUND', 'This page is not in your team.');
  if (Number(member.owner_user_id) === Number(team.captain_user_id)) {
    throw new AppError('CONFLICT', 'Your own page stays in the team you captain.');
  }
  await db.transaction(async (tx) => {
    await setPageTeam(tx, { id: pageId, npoId: team.npo_id }, null);
    await recordAudit(tx, {
      npoId: team.npo_id,
      actorUserId: actor.user.id,
      action: 'peer_team.member_removed',
      targetType: 'peer_team',
      targetId: team.id,
      data: { page_id: pageId },
    });
  });
  return captainTeam(db, actor, teamId);
}

/**
 * The team an invitation names, checked: a team of the campaign, and the caller its captain (in
 * the campaign's organisation) or the organisation's staff. Null when the invitation names none, or
 * when the caller is neither (they may only ask to join it themselves).
 */
export async function invitationTeam(
  db: Db,
  session: RequestSession | null,
  campaign: InvitableCampaign,
  teamId: number | '' | null | undefined,
  staff: boolean,
): Promise<number | null> {
  if (teamId === null || teamId === undefined || teamId === '') return null;
  const [team] = await selectTeams(db, sql`t.id = ${teamId} AND t.npo_id = ${campaign.npoId}`);
  if (!team || Number(team.campaign_id) !== campaign.id) {
    throw new AppError('NOT_FOUND', NO_TEAM, { team_id: 'Choose a team of this campaign.' });
  }
  await requireTeamFundraising(db, campaign.id);
  const captain =
    session !== null && session.selectedNpoId === campaign.npoId && session.user.id === Number(team.captain_user_id);
  // p2p16c: anyone else is asking to fundraise themselves and join the team, which the self-sign-up
  // flow checks and confirms by e-mail (docs/decisions/067-team-pages-and-joining-at-sign-up.md).
  return staff || captain ? Number(team.id) : null;
}

/** The team an invited person's page joins when they first sign in. */
export async function setInvitationTeam(tx: Tx, fundraiserId: number, teamId: number): Promise<void> {
  await tx.execute(sql`UPDATE fundraisers SET team_id = ${teamId} WHERE id = ${fundraiserId} AND status = 'invited'`);
}
