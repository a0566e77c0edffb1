// A visitor asking to fundraise for a campaign (the crowdfunding page's Become a Fundraiser): an
// e-mail with a single-use link that expires, and nothing in the organisation until it is followed,
// so nobody can enrol someone else's address (decision 023).
import type { TConfirmFundraiserResponse } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { enrolFundraiser, type FundraiserDeps, toFundraiser } from './enrolment.ts';
import {
  claimFundraiserRequest,
  findFundraiserRequest,
  insertFundraiserRequest,
} from './fundraiser-requests.repository.ts';
import { findInvitableCampaign, type InvitableCampaign } from './fundraisers.repository.ts';
import { setInvitationTeam } from './peer-team-captain.service.ts';
import { type TeamChoice, teamOfConfirmedRequest } from './peer-team-signup.ts';

/** How long the e-mailed link works. */
export const FUNDRAISER_REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const LINK_MESSAGES = {
  unknown: 'This link is not valid. Check that the whole link from the e-mail was opened.',
  used: 'This link was already used: you are already a fundraiser for this campaign. Sign in to see your page.',
  expired: 'This link has expired. Ask to become a fundraiser again from the campaign page.',
};

/** Keeps the request and e-mails the link; the person, the role and the invitation come only when it is followed. */
export async function requestToFundraise(
  deps: FundraiserDeps,
  campaign: InvitableCampaign,
  person: { email: string; first_name: string; last_name: string },
  team: TeamChoice = { teamId: null, newTeamName: null },
): Promise<void> {
  const token = randomToken(32);
  await deps.db.transaction(async (tx) => {
    await insertFundraiserRequest(tx, {
      id: sha256Hex(token),
      npoId: campaign.npoId,
      campaignId: campaign.id,
      email: person.email,
      firstName: person.first_name,
      lastName: person.last_name,
      expiresAt: new Date(Date.now() + FUNDRAISER_REQUEST_TTL_MS),
      // p2p16c: the team to join or start, acted on when the link is followed (decision 067).
      teamId: team.teamId,
      newTeamName: team.newTeamName,
    });
    await deps.mailer.send(confirmationMail(deps, campaign, person, `${deps.origin}/join-fundraiser?token=${token}`));
  });
}

/**
 * Follows the e-mailed link: uses it up and enrols the person, in one transaction. A used link, an
 * expired one and an unknown one each say so and change nothing.
 */
export async function confirmFundraiserRequest(
  deps: FundraiserDeps,
  token: string,
): Promise<TConfirmFundraiserResponse> {
  const id = sha256Hex(token);
  return deps.db.transaction(async (tx) => {
    const request = await claimFundraiserRequest(tx, id);
    if (!request) {
      const seen = await findFundraiserRequest(tx, id);
      if (seen?.usedAt) throw new AppError('CONFLICT', LINK_MESSAGES.used, { token: LINK_MESSAGES.used });
      const message = seen ? LINK_MESSAGES.expired : LINK_MESSAGES.unknown;
      throw new AppError('NOT_FOUND', message, { token: message });
    }
    const campaign = await findInvitableCampaign(tx, request.campaignId);
    if (!campaign) throw new AppError('NOT_FOUND', 'This campaign is no longer taking fundraisers.');
    const person = {
      email: request.email,
      first_name: request.firstName,
      last_name: request.lastName,
      role: 'fundraiser' as const,
    };
    const { row, account } = await enrolFundraiser(deps, tx, campaign, person, null);
    // p2p16c: the team asked for; the page joins it at the first sign-in (decision 067).
    if (row.status === 'invited') {
      const choice = { teamId: request.teamId, newTeamName: request.newTeamName };
      const teamId = await teamOfConfirmedRequest(tx, campaign, choice, account.user.id);
      if (teamId !== null) await setInvitationTeam(tx, row.id, teamId);
    }
    return {
      fundraiser: toFundraiser(row, account.user, request.email),
      campaign_name: campaign.name,
      password_url: account.passwordLink,
    };
  });
}

function confirmationMail(
  deps: FundraiserDeps,
  campaign: InvitableCampaign,
  person: { email: string; first_name: string },
  link: string,
): MailMessage {
  return {
    to: person.email,
    subject: `Confirm: fundraise for ${campaign.name}`,
    text: [
      `Hello ${person.first_name},`,
      '',
      `Someone, hopefully you, asked to raise funds for ${campaign.name} of ${campaign.organisation} with this address.`,
      'Follow this link to confirm and join:',
      link,
      '',
      `The link works once and expires in 7 days. After that, ask again from the campaign page at ${deps.origin}/${campaign.campaignUrl}.`,
      'If you did not ask for this, ignore this e-mail: nothing happens unless the link is followed.',
      '',
      `— ${campaign.organisation}`,
    ].join('\n'),
  };
}
