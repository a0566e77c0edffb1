// The donor account a donor asked for on the form (create_donor_account): a user found or created
// by e-mail, the donor role in that organisation, and one e-mail per gift: a link to choose a
// password (a password-reset token valid for 7 days) or, for an existing account, a sign-in link.
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import type { DonationFollowUp } from '../donations/index.ts';
import { type InvitationSource, lockUninvitedGift, markInvited } from './donor-invitations.repository.ts';
import { ensureInvitedAccount } from './invited-account.service.ts';

export type DonorInviteJob = { npoId: number; donationId: number };
export const donorInviteQueue = defineQueue<DonorInviteJob>('donor.invite', { retryLimit: 10, retryDelaySeconds: 30 });

export type InvitationDeps = {
  db: Db;
  mailer: Mailer /** Where links point, e.g. https://give.example.org */;
  origin: string;
};

export type InvitationOutcome = 'invited' | 'notified' | 'nothing-to-do';

/**
 * Runs in one transaction holding the gift's row lock: the user, the membership, the token and
 * invited_at commit together only when the e-mail was handed to the mailer; a failure rolls all
 * back for the retry, and a second job for the gift finds nothing to do.
 */
export async function inviteDonor(deps: InvitationDeps, job: DonorInviteJob): Promise<InvitationOutcome> {
  return deps.db.transaction(async (tx) => {
    const gift = await lockUninvitedGift(tx, job.npoId, job.donationId);
    if (!gift) return 'nothing-to-do';
    const account = await ensureInvitedAccount(tx, {
      npoId: gift.npoId,
      email: gift.email,
      firstName: gift.firstName,
      lastName: gift.lastName,
      origin: deps.origin,
      reason: { donation_id: job.donationId },
    });
    const message: MailMessage = account.passwordLink
      ? invitationMail(deps, gift, account.passwordLink)
      : accountMail(deps, gift);
    await deps.mailer.send(message, tx);
    await markInvited(tx, job.npoId, job.donationId);
    return account.hasAccount ? 'notified' : 'invited';
  });
}

const hello = (gift: InvitationSource) => (gift.firstName ? `Hello ${gift.firstName},` : 'Hello,');

function invitationMail(deps: InvitationDeps, gift: InvitationSource, link: string): MailMessage {
  return {
    to: gift.email,
    subject: `Your donor account at ${gift.organisation}`,
    text: [
      hello(gift),
      '',
      `Thank you for your donation to ${gift.organisation}. As you asked, we have opened a donor account for ${gift.email}, where you can see your gifts and receipts.`,
      '',
      'Choose your password here:',
      link,
      '',
      `The link works once and expires in 7 days. After that, ask for a new one at ${deps.origin}/forgot-password.`,
      'If you did not give to us, ignore this e-mail: nobody can sign in without choosing a password.',
      '',
      `— ${gift.organisation}`,
    ].join('\n'),
  };
}

function accountMail(deps: InvitationDeps, gift: InvitationSource): MailMessage {
  return {
    to: gift.email,
    subject: 'Your donation is now in your account',
    text: [
      hello(gift),
      '',
      `Thank you for your donation to ${gift.organisation}. You already have an account for ${gift.email}: the gift and its receipt are in it now.`,
      '',
      'Sign in here:',
      `${deps.origin}/login`,
      '',
      `— ${gift.organisation}`,
    ].join('\n'),
  };
}

/** Registers the worker and returns the checkout follow-up that enqueues one invitation per gift. */
export function registerDonorInvitations(jobs: Jobs, deps: InvitationDeps): DonationFollowUp {
  jobs.register(donorInviteQueue, async (data) => {
    await inviteDonor(deps, data);
  });
  return async ({ donation }) => {
    if (!donation.createDonorAccount || donation.status !== 'succeeded' || donation.donorInvitedAt) return;
    await jobs.send(
      donorInviteQueue,
      { npoId: donation.npoId, donationId: donation.id },
      { key: `donor-invite-${donation.id}` },
    );
  };
}
