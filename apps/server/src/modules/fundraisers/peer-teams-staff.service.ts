// Staff see a campaign's teams in its P2P view (docs/decisions/051-peer-teams-and-milestones.md): the
// table and its CSV export, read with the dashboard group like the pages table.
import { fromMinorUnits, type TPeerStaffTeam } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { findOwnCampaign } from './peer-pages.repository.ts';
import { approveTeamPage } from './peer-team-page.ts';
import { approveTeam, selectTeamBoard } from './peer-teams.repository.ts';

const ALL = 10_000;

export async function staffTeams(
  db: Db,
  actor: OrganisationSession,
  campaignId: number,
): Promise<{ currency: string; teams: TPeerStaffTeam[] }> {
  const campaign = await findOwnCampaign(db, actor.selectedNpoId, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign not found.');
  const rows = await selectTeamBoard(db, actor.selectedNpoId, campaignId, ALL, false);
  return {
    currency: campaign.currency,
    teams: rows.map((t) => ({
      id: Number(t.id),
      name: t.name,
      team_url: t.team_url,
      captain: t.captain ?? '',
      members: Number(t.members),
      raised_minor: Number(t.raised),
      goal_minor: t.goal_minor === null ? null : Number(t.goal_minor),
      state: t.state,
    })),
  };
}

export async function staffTeamsCsv(db: Db, actor: OrganisationSession, campaignId: number): Promise<string> {
  const { currency, teams } = await staffTeams(db, actor, campaignId);
  return stringify(
    teams.map((t) => [
      t.name,
      t.captain,
      `/team-page/${t.team_url}`,
      t.members,
      fromMinorUnits(t.raised_minor, currency),
      t.goal_minor === null ? '' : fromMinorUnits(t.goal_minor, currency),
    ]),
    { bom: true, header: true, columns: ['Team', 'Captain', 'Page', 'Members', `Raised (${currency})`, 'Goal'] },
  );
}

/** Staff approve a team waiting for approval: it goes live on its public page and the boards. */
export async function approveStaffTeam(db: Db, actor: OrganisationSession, campaignId: number, teamId: number) {
  await db.transaction(async (tx) => {
    if (!(await approveTeam(tx, actor.selectedNpoId, campaignId, teamId))) {
      throw new AppError('NOT_FOUND', 'Team not found.');
    }
    // p2p16c: the team's own page goes live with the team (decision 067).
    await approveTeamPage(tx, actor.selectedNpoId, teamId);
    await recordAudit(tx, {
      npoId: actor.selectedNpoId,
      actorUserId: actor.user.id,
      action: 'peer_team.approved',
      targetType: 'peer_team',
      targetId: teamId,
      data: { campaign_id: campaignId },
    });
  });
  return staffTeams(db, actor, campaignId);
}
