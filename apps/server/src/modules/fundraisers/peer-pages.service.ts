// A fundraiser's own pages (docs/decisions/044-peer-to-peer-pages.md): the dashboard's figures, the
// editor, the gifts and their thank-you e-mails. Every read and write names the page by id and the
// caller by session: a page that is not theirs, or is removed, is 404 like one that does not exist.
import {
  PEER_THANK_YOU_TEMPLATE,
  type TPeerGift,
  type TPeerPage,
  type TPeerPageInput,
  ZPeerPageInput,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { refuseUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { checkCampaignUrl, sanitiseDescription } from '../campaigns/index.ts';
import {
  insertThanks,
  markShared,
  type PeerGiftRow,
  type PeerPageRow,
  selectPeerGifts,
  selectPeerPages,
  updatePeerPage,
} from './peer-pages.repository.ts';

export type PeerDeps = { db: Db; mailer: Mailer; origin: string };

const NOT_FOUND = 'Fundraising page not found.';
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export function toPeerPage(r: PeerPageRow): TPeerPage {
  const gifts = Number(r.donations);
  return {
    id: Number(r.id),
    campaign_id: Number(r.campaign_id),
    campaign_name: r.campaign_name,
    parent_url: r.parent_url,
    title: r.title,
    story: r.story,
    image_url: r.image_url,
    video_url: r.video_url,
    goal_minor: r.goal_minor === null ? null : Number(r.goal_minor),
    deadline: iso(r.ends_at),
    campaign_url: r.campaign_url,
    state: r.state,
    featured: r.featured,
    raised_minor: Number(r.raised),
    currency: r.currency,
    donors: Number(r.donors),
    gifts,
    views: Number(r.views),
    checklist: {
      photo: r.image_url !== null && r.image_url !== '',
      story: r.story.replace(/<[^>]*>/g, '').trim() !== '',
      first_share: r.first_shared_at !== null,
      first_gift: gifts > 0,
      self_donation: r.self_donation,
    },
    milestones: (r.milestones ?? []).map((m) => ({
      milestone: m.milestone,
      reached_at: new Date(m.reached_at).toISOString(),
    })),
  };
}

const ownPages = (actor: OrganisationSession) =>
  sql`c.npo_id = ${actor.selectedNpoId} AND c.owner_user_id = ${actor.user.id} AND coalesce(pp.state, 'live') <> 'removed'`;

/** The caller's pages in the selected organisation, newest first. */
export async function myPeerPages(db: Db, actor: OrganisationSession): Promise<TPeerPage[]> {
  return (await selectPeerPages(db, ownPages(actor), sql`c.created_at DESC, c.id DESC`)).map(toPeerPage);
}

/** One of the caller's pages, else 404. */
export async function ownPeerPage(db: Db, actor: OrganisationSession, id: number): Promise<PeerPageRow> {
  const [row] = await selectPeerPages(db, sql`c.id = ${id} AND ${ownPages(actor)}`);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

const URL_TAKEN_KEY = 'campaigns_campaignUrl_unique';

/** Saves the caller's page: the story sanitised like a campaign description, the URL free and allowed. */
export async function editPeerPage(
  db: Db,
  actor: OrganisationSession,
  id: number,
  body: TPeerPageInput,
): Promise<TPeerPage> {
  const page = await ownPeerPage(db, actor, id);
  const input = ZPeerPageInput.parse(body);
  if (input.campaign_url !== page.campaign_url) {
    const check = await checkCampaignUrl(db, input.campaign_url, page.id);
    if (!check.available) {
      const message = check.message ?? 'Choose another address.';
      throw new AppError('CONFLICT', message, { campaign_url: message });
    }
  }
  try {
    await updatePeerPage(db, page.npo_id, page.id, {
      title: input.title,
      story: sanitiseDescription(input.story),
      imageUrl: input.image_url,
      videoUrl: input.video_url,
      goalMinor: input.goal_minor,
      endsAt: input.deadline,
      campaignUrl: input.campaign_url,
    });
  } catch (error) {
    const message = 'This address is already in use. Choose another.';
    refuseUniqueViolation(error, {
      [URL_TAKEN_KEY]: () => new AppError('CONFLICT', message, { campaign_url: message }),
    });
  }
  return toPeerPage(await ownPeerPage(db, actor, id));
}

/** Whether the caller could give their page this address (the editor's live check). */
export async function peerUrlAvailability(db: Db, actor: OrganisationSession, id: number, url: string) {
  const page = await ownPeerPage(db, actor, id);
  if (url.trim().toLowerCase() === page.campaign_url) return { available: true, message: null };
  const check = await checkCampaignUrl(db, url, page.id);
  return { available: check.available, message: check.message };
}

export async function recordShare(db: Db, actor: OrganisationSession, id: number): Promise<void> {
  const page = await ownPeerPage(db, actor, id);
  await markShared(db, { id: page.id, npoId: page.npo_id });
}

const toGift = (r: PeerGiftRow): TPeerGift => ({
  id: Number(r.id),
  donor_name: r.name ?? 'Anonymous supporter',
  amount_minor: Number(r.amount_minor),
  currency: r.currency,
  comment: r.comment,
  given_at: new Date(r.given_at).toISOString(),
  thanked_at: iso(r.thanked_at),
});

export async function peerGifts(db: Db, actor: OrganisationSession, id: number) {
  const page = await ownPeerPage(db, actor, id);
  return { page: toPeerPage(page), gifts: (await selectPeerGifts(db, page.npo_id, page.id)).map(toGift) };
}

/**
 * Thanks a donor once: with `send_email`, the message (the template when empty) goes to the donor
 * through the mail outbox in the same transaction that marks the gift thanked. The donor's address
 * never reaches the fundraiser. A gift already thanked answers 409 and sends nothing.
 */
export async function thankDonor(
  deps: PeerDeps,
  actor: OrganisationSession,
  id: number,
  donationId: number,
  body: { send_email: boolean; message: string },
): Promise<TPeerGift> {
  const page = await ownPeerPage(deps.db, actor, id);
  return deps.db.transaction(async (tx) => {
    const [gift] = await selectPeerGifts(tx, page.npo_id, page.id, donationId);
    if (!gift) throw new AppError('NOT_FOUND', 'Donation not found on this page.');
    const fresh = await insertThanks(tx, {
      donationId: gift.id,
      npoId: page.npo_id,
      peerCampaignId: page.id,
      userId: actor.user.id,
      emailed: body.send_email,
    });
    if (!fresh) throw new AppError('CONFLICT', 'You have already thanked this donor.');
    if (body.send_email) {
      const fundraiser = page.fundraiser ?? 'Your fundraiser';
      const message = body.message || PEER_THANK_YOU_TEMPLATE.replace('{campaign}', page.campaign_name);
      await deps.mailer.send(
        {
          to: gift.email,
          subject: `Thank you from ${fundraiser}`,
          text: [
            `Dear ${gift.name ?? 'friend'},`,
            '',
            message,
            '',
            `— ${fundraiser}`,
            `${deps.origin}/raise/${page.campaign_url}`,
          ].join('\n'),
        },
        tx,
      );
    }
    const [thanked] = await selectPeerGifts(tx, page.npo_id, page.id, donationId);
    return toGift(thanked ?? gift);
  });
}
