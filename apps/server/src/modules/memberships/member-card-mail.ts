// The member card by e-mail (docs/decisions/082-membership-welcome-and-figures.md): the welcome
// e-mail once a join is paid, and staff's "Resend card". Both carry the card as a PDF attachment and
// the link to its page (docs/decisions/064-member-cards.md), which always shows the membership as it is.
import { MEMBER_CARD_MESSAGES, MEMBERSHIP_MESSAGES, memberNumber } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import {
  type CardDeps,
  type CardRow,
  cardOf,
  cardRow,
  memberCardLink,
  memberCardToken,
} from './member-card.service.ts';
import { renderMemberCardPdf } from './member-card-pdf.ts';
import type { Actor } from './members.service.ts';

export type CardMailDeps = CardDeps & { mailer: Mailer };
type Member = CardRow['members'][number];

/** The card's e-mail to one member: the welcome after joining, or staff's resend. */
export async function memberCardMail(
  deps: CardMailDeps,
  m: CardRow,
  to: Member,
  kind: 'welcome' | 'resend',
): Promise<MailMessage> {
  const card = await cardOf(m, memberCardToken(deps.secret, Number(m.id)));
  const pdf = await renderMemberCardPdf(card);
  const link = memberCardLink(deps, Number(m.id));
  const number = memberNumber(Number(m.id));
  const opening =
    kind === 'welcome'
      ? [`Welcome to ${m.npo_name}! Your ${m.tier} membership has started.`, card.validity]
      : [`Here is your member card of ${m.npo_name}.`];
  return {
    to: to.email,
    subject: kind === 'welcome' ? `Welcome: your ${m.tier} member card` : `Your ${m.tier} member card`,
    text: [
      `Hello ${to.name},`,
      '',
      ...opening,
      '',
      `Members: ${card.members.join(', ')}`,
      `Tier: ${m.tier}`,
      `Member number: ${number}`,
      '',
      `Your member card is attached as a PDF, and is here at any time: ${link}`,
      'Show its QR code at our events; the page always shows your membership as it is today.',
      '',
      m.npo_name,
    ].join('\n'),
    attachments: [{ filename: `member-card-${number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/** Staff's "Resend card": to the first member. */
export async function sendMemberCard(deps: CardMailDeps, actor: Actor, id: number) {
  const m = await cardRow(deps.db, sql`m.id = ${id} AND m.npo_id = ${actor.npoId}`);
  if (!m) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.notFound);
  const first = m.members[0];
  if (!first) throw new AppError('UNPROCESSABLE', MEMBER_CARD_MESSAGES.notSent);
  await deps.mailer.send(await memberCardMail(deps, m, first, 'resend'));
  await deps.db.execute(sql`
    INSERT INTO membership_history (membership_id, kind, detail, actor_user_id)
    VALUES (${id}, 'card_sent', ${`Member card sent to ${first.email}.`}, ${actor.userId})`);
  return { sent_to: first.email };
}

const welcomeQueue = defineQueue<{ membershipId: number }>('memberships.welcome', { retryLimit: 10 });

/**
 * The welcome e-mail of a started membership, to each member's address once (a household's members
 * each get their card). A durable job, so a mail server down at joining time delays it only.
 */
export async function sendWelcomeCard(deps: CardMailDeps, membershipId: number): Promise<string[]> {
  const m = await cardRow(deps.db, sql`m.id = ${membershipId}`);
  if (!m || m.status !== 'active') return [];
  const seen = new Set<string>();
  const to = m.members.filter((p) => {
    const key = p.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  for (const member of to) await deps.mailer.send(await memberCardMail(deps, m, member, 'welcome'));
  const addresses = to.map((p) => p.email);
  if (addresses.length > 0) {
    await deps.db.execute(sql`
      INSERT INTO membership_history (membership_id, kind, detail)
      VALUES (${membershipId}, 'card_sent', ${`Welcome e-mail with the member card sent to ${addresses.join(', ')}.`})`);
  }
  return addresses;
}

/** Registers the welcome e-mail's worker; the answer enqueues it once per membership. */
export function registerMembershipWelcome(jobs: Jobs, deps: CardMailDeps) {
  jobs.register(welcomeQueue, async (data) => {
    await sendWelcomeCard(deps, data.membershipId);
  });
  return async (membershipId: number) => {
    await jobs.send(welcomeQueue, { membershipId }, { key: `membership-welcome-${membershipId}` });
  };
}
