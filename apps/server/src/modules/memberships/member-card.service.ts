// The member card (docs/decisions/064-member-cards.md): a page and a PDF behind a signed link (as
// the renewal link: nothing stored, a changed claim breaks it) with the members' names, the tier,
// the member number, the validity and a QR code of the membership's card code, which the events'
// check-in reads as a member (memberAtDoor). The card always shows the membership as it is now, so
// a link e-mailed once stays true after renewals and lapses.
import {
  DEFAULT_GRACE_DAYS,
  MEMBER_CARD_MESSAGES,
  MEMBER_CARD_PREFIX,
  memberNumber,
  type TMemberCard,
  type TMemberCheckIn,
} from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { signClaims, verifyClaims } from '../../platform/security/signed-link.ts';

const CARD_PURPOSE = 'mc1';
const DAY_MS = 86_400_000;
/** A card link outlives many renewals; the card itself always shows the membership as it is. */
const CARD_LINK_DAYS = 3653;

export type CardDeps = { db: Db; origin: string; secret: string };

export function memberCardToken(secret: string, membershipId: number, now = new Date()): string {
  return signClaims(secret, CARD_PURPOSE, [membershipId], new Date(now.getTime() + CARD_LINK_DAYS * DAY_MS));
}

export const memberCardLink = (deps: Pick<CardDeps, 'origin' | 'secret'>, membershipId: number) =>
  `${deps.origin.replace(/\/+$/, '')}/member-card/${memberCardToken(deps.secret, membershipId)}`;

export type CardRow = {
  id: number;
  status: string;
  tier: string;
  period_end: Date | null;
  card_code: string;
  npo_name: string;
  locale: string;
  time_zone: string;
  grace_days: number;
  members: { name: string; email: string }[];
};

export async function cardRow(db: Db, where: SQL): Promise<CardRow | undefined> {
  const { rows } = await db.execute<CardRow>(sql`
    SELECT m.id, m.status, t.name AS tier, m.period_end, m.card_code, n.name AS npo_name, n.locale, n.time_zone,
      coalesce(s.grace_days, ${DEFAULT_GRACE_DAYS}) AS grace_days,
      (SELECT coalesce(json_agg(json_build_object('name', p.name, 'email', p.email) ORDER BY p.position), '[]')
       FROM membership_members p WHERE p.membership_id = m.id) AS members
    FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id JOIN npos n ON n.id = m.npo_id
    LEFT JOIN membership_settings s ON s.npo_id = m.npo_id
    WHERE ${where} AND m.status <> 'pending'`);
  return rows[0];
}

/** Valid while active or in grace (the grace period keeps a member's benefits); expired otherwise. */
function validityOf(m: CardRow): { state: TMemberCard['state']; message: string } {
  const format = formatFor({ locale: m.locale, timeZone: m.time_zone });
  const end = m.period_end ? new Date(m.period_end) : null;
  const day = (d: Date | null) => (d ? format.date(d) : '');
  if (m.status === 'active') return { state: 'valid', message: MEMBER_CARD_MESSAGES.valid(m.tier, day(end)) };
  if (m.status === 'in_grace') {
    const until = end ? new Date(end.getTime() + Number(m.grace_days) * DAY_MS) : null;
    return { state: 'in_grace', message: MEMBER_CARD_MESSAGES.grace(m.tier, day(until)) };
  }
  if (m.status === 'cancelled') return { state: 'cancelled', message: MEMBER_CARD_MESSAGES.cancelled(m.tier) };
  return { state: 'expired', message: MEMBER_CARD_MESSAGES.expired(m.tier, day(end)) };
}

/** The card as its page and PDF show it, for this membership and its signed link. */
export async function cardOf(m: CardRow, token: string): Promise<TMemberCard> {
  const { state, message } = validityOf(m);
  return {
    organisation: m.npo_name,
    members: m.members.map((p) => p.name),
    tier: m.tier,
    member_number: memberNumber(Number(m.id)),
    state,
    validity: message,
    code: m.card_code,
    qr_svg: await QRCode.toString(m.card_code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    pdf_url: `/api/v1/member_cards/${token}/card.pdf`,
  };
}

/** The card a signed link opens; a forged or altered link is a 404. */
export async function memberCardByLink(deps: Pick<CardDeps, 'db' | 'secret'>, token: string): Promise<TMemberCard> {
  const check = verifyClaims(token, deps.secret, CARD_PURPOSE, 1);
  if (!check.ok) throw new AppError('NOT_FOUND', MEMBER_CARD_MESSAGES.invalid);
  const m = await cardRow(deps.db, sql`m.id = ${check.claims.ids[0]}`);
  if (!m) throw new AppError('NOT_FOUND', MEMBER_CARD_MESSAGES.invalid);
  return cardOf(m, token);
}

/**
 * The events' check-in asks this of a code starting with MEMBER_CARD_PREFIX: the member it names in
 * the organisation, and whether the card is valid. An expired or cancelled card is refused (422).
 */
export async function memberAtDoor(db: Db, npoId: number, code: string): Promise<TMemberCheckIn> {
  const unknown = new AppError('NOT_FOUND', MEMBER_CARD_MESSAGES.unknown, { code: MEMBER_CARD_MESSAGES.unknown });
  if (!code.startsWith(MEMBER_CARD_PREFIX)) throw unknown;
  const m = await cardRow(db, sql`m.card_code = ${code} AND m.npo_id = ${npoId}`);
  if (!m) throw unknown;
  const { state, message } = validityOf(m);
  if (state === 'expired' || state === 'cancelled') throw new AppError('UNPROCESSABLE', message, { code: message });
  return {
    member: {
      name: m.members.map((p) => p.name).join(', '),
      tier: m.tier,
      member_number: memberNumber(Number(m.id)),
      state,
    },
    message,
  };
}
