// Enrolling someone as a campaign's fundraiser: shared by staff invitations and by a visitor's
// request once its e-mailed link is followed (decision 023).
import type { TFundraiser, TFundraiserRole } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import { ensureInvitedAccount, type InvitedAccount } from '../auth/index.ts';
import type { Tx } from '../donations/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { type FundraiserRow, type InvitableCampaign, insertFundraiserOnce } from './fundraisers.repository.ts';

export type FundraiserDeps = { db: Db; mailer: Mailer; origin: string };

/**
 * The person's account, their role in the organisation and the invitation (once per campaign and
 * person), audited and told to staff the first time. `invitedBy` is the staff member, or null when
 * the person asked themselves and confirmed by the e-mailed link.
 */
export async function enrolFundraiser(
  deps: Pick<FundraiserDeps, 'origin'>,
  tx: Tx,
  campaign: InvitableCampaign,
  person: { email: string; first_name: string; last_name: string; role: TFundraiserRole },
  invitedBy: number | null,
): Promise<{ row: FundraiserRow; account: InvitedAccount }> {
  const account = await ensureInvitedAccount(tx, {
    npoId: campaign.npoId,
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    origin: deps.origin,
    reason: { campaign_id: campaign.id },
  });
  const { row, created } = await insertFundraiserOnce(tx, {
    npoId: campaign.npoId,
    campaignId: campaign.id,
    userId: account.user.id,
    role: person.role,
    invitedByUserId: invitedBy,
  });
  if (created) {
    await recordAudit(tx, {
      npoId: campaign.npoId,
      actorUserId: invitedBy ?? account.user.id,
      action: 'fundraiser.invited',
      targetType: 'fundraiser',
      targetId: row.id,
      data: { campaign_id: campaign.id, user_id: account.user.id, role: person.role },
    });
    await notifyOrganisation(tx, {
      npoId: campaign.npoId,
      kind: 'fundraiser.invited',
      ...notificationTexts['fundraiser.invited']({
        fundraiserName: `${account.user.firstName} ${account.user.lastName}`.trim() || person.email,
        campaignName: campaign.name,
        campaignId: campaign.id,
      }),
      // Who caused it: their own screen confirmed it already, so it shows them no second toast.
      ...(invitedBy ? { data: { actor_user_id: invitedBy } } : {}),
    });
  }
  return { row, account };
}

export function toFundraiser(
  row: FundraiserRow,
  person: { firstName: string; lastName: string },
  email: string,
): TFundraiser {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    first_name: person.firstName,
    last_name: person.lastName,
    email,
    role: row.role,
    status: row.status,
    peer_campaign_id: row.peerCampaignId,
    invited_at: row.invitedAt.toISOString(),
    joined_at: row.joinedAt?.toISOString() ?? null,
  };
}
