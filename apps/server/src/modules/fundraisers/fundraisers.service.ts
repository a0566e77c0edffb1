// Inviting fundraisers to a campaign (docs/product/campaigns.md#fundraisers) and their joining: staff invite anyone
// as fundraiser or team leader; anyone else may only ask to fundraise themselves, confirmed by an
// e-mailed link. The first sign-in after the invitation makes them a fundraiser with their own page.
import { ACCESS, type TFundraiserResponse, type TInviteFundraiser } from '@kindling/contracts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { enrolFundraiser, type FundraiserDeps, toFundraiser } from './enrolment.ts';
import { requestToFundraise } from './fundraiser-requests.service.ts';
import {
  findInvitableCampaign,
  type InvitableCampaign,
  insertPeerCampaign,
  lockPendingInvitations,
  markJoined,
} from './fundraisers.repository.ts';
import { applyPeerDefaults, selectPeerSettings } from './peer-pages.repository.ts';
import { invitationTeam, setInvitationTeam } from './peer-team-captain.service.ts';
import { checkTeamChoice } from './peer-team-signup.ts';
import { setPageTeam } from './peer-teams.repository.ts';

const isStaffOf = (session: RequestSession | null, npoId: number) =>
  session !== null &&
  session.selectedNpoId === npoId &&
  session.roleCode !== null &&
  (ACCESS.admin as readonly number[]).includes(session.roleCode);

/**
 * Invites `input.email` to raise funds for the campaign. Staff of the campaign's organisation
 * enrol the person at once: the user, their role in the organisation, the invitation, the audit
 * entry, the staff notification and the e-mail hand-off commit together; inviting the same person
 * again sends the e-mail again and changes nothing else. Anyone else only asks, for themselves: an
 * e-mail with a single-use link, and nothing in the organisation until it is followed (decision 023).
 */
export async function inviteFundraiser(
  deps: FundraiserDeps,
  session: RequestSession | null,
  input: TInviteFundraiser,
): Promise<TFundraiserResponse> {
  const campaign = await findInvitableCampaign(deps.db, input.campaign_id);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign not found.');
  const staff = isStaffOf(session, campaign.npoId);
  if (!staff && input.role !== 'fundraiser') {
    throw new AppError('FORBIDDEN', 'Only the organisation’s staff can invite team leaders.');
  }
  // p2p16b: staff and the team's captain may invite into a team (decision 051).
  const teamId = await invitationTeam(deps.db, session, campaign, input.team_id, staff);
  if (teamId !== null) return enrolAndMail(deps, session, campaign, input, teamId);
  if (!staff && session && session.user.email.toLowerCase() !== input.email) {
    throw new AppError('FORBIDDEN', 'You can ask to fundraise for yourself only.');
  }
  if (!staff) {
    // p2p16: a campaign may take fundraisers by invitation only (decision 044).
    if (!(await selectPeerSettings(deps.db, campaign.id)).self_registration) {
      throw new AppError('FORBIDDEN', 'This campaign takes fundraisers by invitation only.');
    }
    // p2p16c: joining a team or starting one in the same step (decision 067).
    await requestToFundraise(deps, campaign, input, await checkTeamChoice(deps.db, campaign, input));
    return { fundraiser: null, confirmation_sent: true };
  }
  if (input.new_team_name !== null) {
    const message = 'A new team is started by its captain when they ask to fundraise. Choose an existing team.';
    throw new AppError('VALIDATION_FAILED', message, { new_team_name: message });
  }
  return enrolAndMail(deps, session, campaign, input, null);
}

/** Enrols the person at once (staff, or a captain into their team) and e-mails the invitation. */
function enrolAndMail(
  deps: FundraiserDeps,
  session: RequestSession | null,
  campaign: InvitableCampaign,
  input: TInviteFundraiser,
  teamId: number | null,
): Promise<TFundraiserResponse> {
  return deps.db.transaction(async (tx) => {
    const { row, account } = await enrolFundraiser(deps, tx, campaign, input, session?.user.id ?? null);
    if (row.status === 'invited') {
      if (teamId !== null) await setInvitationTeam(tx, row.id, teamId);
      await deps.mailer.send(invitationMail(deps, campaign, input, account.passwordLink), tx);
    }
    return { fundraiser: toFundraiser(row, account.user, input.email), confirmation_sent: false };
  });
}

/**
 * Runs in the sign-in transaction: each invitation of this user not yet joined becomes joined, with
 * the fundraiser's own page, and the organisation's staff hear about it once.
 */
export async function joinInvitedFundraisers(tx: Tx, userId: number): Promise<void> {
  for (const invitation of await lockPendingInvitations(tx, userId)) {
    const peerCampaignId = await insertPeerCampaign(tx, invitation);
    // p2p16: the campaign's P2P defaults and approval (decision 044).
    await applyPeerDefaults(tx, { id: peerCampaignId, npoId: invitation.npoId, campaignId: invitation.campaignId });
    if (invitation.teamId !== null) {
      await setPageTeam(tx, { id: peerCampaignId, npoId: invitation.npoId }, invitation.teamId);
    }
    await markJoined(tx, invitation.id, peerCampaignId);
    await recordAudit(tx, {
      npoId: invitation.npoId,
      actorUserId: userId,
      action: 'fundraiser.joined',
      targetType: 'fundraiser',
      targetId: invitation.id,
      data: { campaign_id: invitation.campaignId, peer_campaign_id: peerCampaignId },
    });
    await notifyOrganisation(tx, {
      npoId: invitation.npoId,
      kind: 'fundraiser.joined',
      ...notificationTexts['fundraiser.joined']({
        fundraiserName: `${invitation.firstName} ${invitation.lastName}`.trim(),
        campaignName: invitation.campaignName,
        campaignId: invitation.campaignId,
      }),
    });
  }
}

function invitationMail(
  deps: FundraiserDeps,
  campaign: InvitableCampaign,
  input: { email: string; first_name: string; role: string },
  passwordLink: string | null,
): MailMessage {
  const role = input.role === 'leader' ? 'a team leader' : 'a fundraiser';
  return {
    to: input.email,
    subject: `Join ${campaign.name} as ${role}`,
    text: [
      `Hello ${input.first_name},`,
      '',
      `${campaign.organisation} invites you to raise funds for ${campaign.name} as ${role}.`,
      passwordLink
        ? 'Choose your password here to accept; your own fundraising page is made when you first sign in:'
        : 'Sign in to accept; your own fundraising page is made when you do:',
      passwordLink ?? `${deps.origin}/login`,
      '',
      passwordLink
        ? `The link works once and expires in 7 days. After that, ask for a new one at ${deps.origin}/forgot-password.`
        : '',
      'If you did not expect this, ignore this e-mail: nothing happens until you sign in.',
      '',
      `— ${campaign.organisation}`,
    ].join('\n'),
  };
}
