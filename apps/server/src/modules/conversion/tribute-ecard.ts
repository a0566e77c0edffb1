// The e-card of a tribute gift (docs/decisions/037-conversion-features.md): once the gift has
// succeeded, a job tells the named recipient about it. Sent inside the transaction that stamps
// tribute_ecard_sent_at under the donation's row lock, so a repeated job finds it sent.
import { TRIBUTE_LABELS } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { DonationFollowUp } from '../donations/index.ts';

export type EcardJob = { npoId: number; donationId: number };
export type EcardOutcome = 'sent' | 'already-sent' | 'not-due';

export const ecardQueue = defineQueue<EcardJob>('tribute_ecard.send', { retryLimit: 10, retryDelaySeconds: 30 });

type EcardRow = {
  tribute: {
    type: 'honour' | 'memory';
    honoree_name: string;
    recipient_name: string;
    recipient_email: string;
    message: string;
  };
  sent: boolean;
  status: string;
  first_name: string;
  last_name: string;
  npo_name: string;
};

/** Sends the e-card of one donation once; anything but a succeeded tribute gift with a recipient is not due. */
export async function sendEcard(deps: { db: Db; mailer: Mailer }, job: EcardJob): Promise<EcardOutcome> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<EcardRow>(sql`
      SELECT d.tribute, d.tribute_ecard_sent_at IS NOT NULL AS sent, d.status, o.first_name, o.last_name, n.name AS npo_name
      FROM donations d JOIN donors o ON o.id = d.donor_id JOIN npos n ON n.id = d.npo_id
      WHERE d.id = ${job.donationId} AND d.npo_id = ${job.npoId}
      FOR UPDATE OF d`);
    const row = rows[0];
    if (row?.sent) return 'already-sent';
    if (row?.status !== 'succeeded' || !row.tribute?.recipient_email) return 'not-due';
    const { tribute } = row;
    const donor = `${row.first_name} ${row.last_name}`.trim() || 'Someone';
    const about = `${TRIBUTE_LABELS[tribute.type].toLowerCase()} ${tribute.honoree_name}`;
    await deps.mailer.send(
      {
        to: tribute.recipient_email,
        subject: `${donor} made a gift ${about}`,
        text: [
          `Dear ${tribute.recipient_name || tribute.recipient_email},`,
          '',
          `${donor} made a gift to ${row.npo_name} ${about}.`,
          ...(tribute.message ? ['', 'Their message:', tribute.message] : []),
        ].join('\n'),
      },
      tx,
    );
    await tx.execute(sql`UPDATE donations SET tribute_ecard_sent_at = now() WHERE id = ${job.donationId}`);
    return 'sent';
  });
}

/**
 * Registers the worker and returns the checkout follow-up. It reads only the recorded row: a gift
 * without an e-card costs no query, so the gift path stays as it was.
 */
export function registerTributeEcards(jobs: Jobs, deps: { db: Db; mailer: Mailer }): DonationFollowUp {
  jobs.register(ecardQueue, async (data) => {
    await sendEcard(deps, data);
  });
  return async ({ donation }) => {
    if (donation.status !== 'succeeded' || !donation.tribute?.recipient_email || donation.tributeEcardSentAt) return;
    await jobs.send(ecardQueue, { npoId: donation.npoId, donationId: donation.id }, { key: `ecard-${donation.id}` });
  };
}
