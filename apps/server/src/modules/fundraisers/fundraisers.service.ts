// Inviting fundraisers to a campaign (spec 02, invite form) and their joining: staff invite anyone
// as fundraiser or team leader; anyone else may only ask to fundraise themselves. The invitee gets
// an e-mail; the first sign-in after it makes them a fundraiser with their own page.
import { ACCESS, type TFundraiser, type TInviteFundraiser } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/session-context.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import { ensureInvitedAccount } from '../auth/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import {
  type FundraiserRow,
  findInvitableCampaign,
  type InvitableCampaign,
  insertFundraiserOnce,
  insertPeerCampaign,
  lockPendingInvitations,
  markJoined,
} from './fundraisers.repository.ts';

export type FundraiserDeps = { db: Db; mailer: Mailer; origin: string };

const isStaffOf = (session: RequestSession | null, npoId: number) =>
  session !== null &&
  session.selectedNpoId === npoId &&
  session.roleCode !== null &&
  (ACCESS.admin as readonly number[]).includes(session.roleCode);

/**
 * Invites `input.email` to raise funds for the campaign. The user, their role in the organisation,
 * the invitation, the audit entry, the staff notification and the e-mail hand-off commit together;
 * inviting the same person again sends the e-mail again and changes nothing else.
 */
export async function inviteFundraiser(
  deps: FundraiserDeps,
  session: RequestSession | null,
  input: TInviteFundraiser,
): Promise<TFundraiser> {
  const campaign = await findInvitableCampaign(deps.db, input.campaign_id);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign not found.');
  const staff = isStaffOf(session, campaign.npoId);
  if (!staff && input.role !== 'fundraiser') {
    throw new AppError('FORBIDDEN', 'Only the organisation’s staff can invite team leaders.');
  }
  if (!staff && session && session.user.email.toLowerCase() !== input.email) {
    throw new AppError('FORBIDDEN', 'You can ask to fundraise for yourself only.');
  }
  return deps.db.transaction(async (tx) => {
    const account = await ensureInvitedAccount(tx, {
      npoId: campaign.npoId,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      origin: deps.origin,
      reason: { campaign_id: campaign.id },
    });
    const { row, created } = await insertFundraiserOnce(tx, {
      npoId: campaign.npoId,
      campaignId: campaign.id,
      userId: account.user.id,
      role: input.role,
      invitedByUserId: staff ? (session?.user.id ?? null) : null,
    });
    const name = `${account.user.firstName} ${account.user.lastName}`.trim() || input.email;
    if (created) {
      await recordAudit(tx, {
        npoId: campaign.npoId,
        actorUserId: session?.user.id ?? null,
        action: 'fundraiser.invited',
        targetType: 'fundraiser',
        targetId: row.id,
        data: { campaign_id: campaign.id, user_id: account.user.id, role: input.role },
      });
      await notifyOrganisation(tx, {
        npoId: campaign.npoId,
        kind: 'fundraiser.invited',
        ...notificationTexts['fundraiser.invited']({
          fundraiserName: name,
          campaignName: campaign.name,
          campaignId: campaign.id,
        }),
      });
    }
    if (row.status === 'invited') await deps.mailer.send(invitationMail(deps, campaign, input, account.passwordLink));
    return toFundraiser(row, {
      firstName: account.user.firstName,
      lastName: account.user.lastName,
      email: input.email,
    });
  });
}

/**
 * Runs in the sign-in transaction: each invitation of this user not yet joined becomes joined, with
 * the fundraiser's own page, and the organisation's staff hear about it once.
 */
export async function joinInvitedFundraisers(tx: Tx, userId: number): Promise<void> {
  for (const invitation of await lockPendingInvitations(tx, userId)) {
    const peerCampaignId = await insertPeerCampaign(tx, invitation);
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

function toFundraiser(row: FundraiserRow, person: { firstName: string; lastName: string; email: string }): TFundraiser {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    role: row.role,
    status: row.status,
    peer_campaign_id: row.peerCampaignId,
    invited_at: row.invitedAt.toISOString(),
    joined_at: row.joinedAt?.toISOString() ?? null,
  };
}
