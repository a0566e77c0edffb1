// Milestone e-mails to a fundraiser (docs/decisions/051-peer-teams-and-milestones.md): their page's
// first gift and 25, 50, 75 and 100 % of its goal. A gift through a page enqueues one job; the job
// records each milestone reached in `peer_milestones` (its primary key makes a milestone once) and
// e-mails the newly recorded ones through the mail outbox in the same transaction, so a job that runs
// again, or two gifts' jobs at once, never send a milestone twice. Gifts without a page cost nothing.
import { fromMinorUnits } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { campaignTotalsRow } from '../campaigns/index.ts';
import type { DonationFollowUp } from '../donations/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { creditPeerFundraiser } from './peer-soft-credit.ts';
import type { PeerMilestone } from './peer-teams.tables.ts';

/** `donationId` (the gift that enqueued it; absent in jobs enqueued before it) also soft-credits the fundraiser. */
export type MilestoneJob = { npoId: number; pageId: number; donationId?: number };

export const milestoneQueue = defineQueue<MilestoneJob>('peer_milestones.check', {
  retryLimit: 10,
  retryDelaySeconds: 30,
});

const PERCENTS = [25, 50, 75, 100] as const;

type PageFigures = {
  title: string;
  campaign_url: string;
  parent_id: number;
  goal_minor: number | null;
  raised: number;
  donations: number;
  email: string | null;
  first_name: string | null;
  currency: string;
};

/** Milestones the figures have reached, in order. */
export function reachedMilestones(f: { raised: number; goal: number | null; gifts: number }): PeerMilestone[] {
  const reached: PeerMilestone[] = f.gifts > 0 ? ['first_gift'] : [];
  if (f.goal !== null && f.goal > 0) {
    for (const p of PERCENTS) if (f.raised * 100 >= f.goal * p) reached.push(String(p) as PeerMilestone);
  }
  return reached;
}

const subjectOf = (newest: PeerMilestone, title: string) =>
  newest === 'first_gift' ? `Your first gift on “${title}”` : `“${title}” reached ${newest} % of its goal`;

/** Records and e-mails the page's new milestones; returns those it sent (none on a rerun). */
export async function checkPeerMilestones(
  deps: { db: Db; mailer: Mailer; origin: string },
  job: MilestoneJob,
): Promise<PeerMilestone[]> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<PageFigures>(sql`
      SELECT c.name AS title, c.campaign_url, c.parent_campaign_id AS parent_id, c.goal_minor, t.raised, t.donations, u.email, u.first_name,
        o.base_currency AS currency
      FROM campaigns c JOIN npos o ON o.id = c.npo_id
      LEFT JOIN users u ON u.id = c.owner_user_id
      CROSS JOIN LATERAL (${campaignTotalsRow(sql`d.peer_campaign_id = c.id AND d.npo_id = c.npo_id`)}) t
      WHERE c.id = ${job.pageId} AND c.npo_id = ${job.npoId} AND c.parent_campaign_id IS NOT NULL`);
    const page = rows[0];
    if (!page?.email) return [];
    const reached = reachedMilestones({
      raised: Number(page.raised),
      goal: page.goal_minor === null ? null : Number(page.goal_minor),
      gifts: Number(page.donations),
    });
    if (reached.length === 0) return [];
    const inserted = await tx.execute<{ milestone: PeerMilestone }>(sql`
      INSERT INTO peer_milestones (peer_campaign_id, milestone, npo_id)
      SELECT ${job.pageId}, m, ${job.npoId} FROM unnest(ARRAY[${sql.join(
        reached.map((m) => sql`${m}`),
        sql`, `,
      )}]::text[]) AS m
      ON CONFLICT (peer_campaign_id, milestone) DO NOTHING
      RETURNING milestone`);
    const fresh = reached.filter((m) => inserted.rows.some((r) => r.milestone === m));
    const newest = fresh.at(-1);
    if (!newest) return [];
    const raised = fromMinorUnits(Number(page.raised), page.currency);
    await deps.mailer.send(
      {
        to: page.email,
        subject: subjectOf(newest, page.title),
        text: [
          `Hi ${page.first_name || 'there'},`,
          '',
          newest === 'first_gift'
            ? 'Someone just gave through your fundraising page. Thank them from your dashboard!'
            : `Your page has now raised ${raised} ${page.currency}, ${newest} % of your goal. Keep sharing!`,
          '',
          `${deps.origin}/raise/${page.campaign_url}`,
          `${deps.origin}/peer-dashboard`,
        ].join('\n'),
      },
      tx,
    );
    // p2p16c: staff hear of it too, once, with the e-mail.
    await notifyOrganisation(tx, {
      npoId: job.npoId,
      kind: 'fundraiser.milestone',
      ...notificationTexts['fundraiser.milestone']({
        pageTitle: page.title,
        milestone: newest,
        campaignId: Number(page.parent_id),
      }),
    });
    return fresh;
  });
}

/**
 * Registers the worker and returns the checkout follow-up: only a succeeded gift through a page enqueues
 * (one job per gift, by its key), and the job soft-credits the fundraiser before checking milestones.
 */
export function registerPeerMilestones(jobs: Jobs, deps: { db: Db; mailer: Mailer; origin: string }): DonationFollowUp {
  jobs.register(milestoneQueue, async (data) => {
    if (data.donationId !== undefined) await creditPeerFundraiser(deps.db, { ...data, donationId: data.donationId });
    await checkPeerMilestones(deps, data);
  });
  return async ({ donation }) => {
    if (donation.status !== 'succeeded' || donation.peerCampaignId === null) return;
    await jobs.send(
      milestoneQueue,
      { npoId: donation.npoId, pageId: donation.peerCampaignId, donationId: donation.id },
      { key: `peer-milestones-${donation.id}` },
    );
  };
}
