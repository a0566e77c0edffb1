// Manual renewals (docs/decisions/049-memberships.md): reminder e-mails 30, 7 and 0 days before a
// manual membership's expiry, each with a one-click renewal link signed like the donor portal's
// (platform/security/signed-link.ts: no row stored, a changed claim breaks it). The link opens the
// membership's /subscriptions page in renewal mode; paying there renews the membership through the
// donation follow-up (join.service.ts). A reminder is claimed by inserting its membership_reminders
// row before it is sent, so a sweep run twice, or on two instances, sends it once.
import { DEFAULT_GRACE_DAYS, MEMBERSHIP_MESSAGES, type TMembershipRenewal, tierInterval } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { signClaims, verifyClaims } from '../../platform/security/signed-link.ts';
import { memberCardLink } from './member-card.service.ts';

export type RenewalMailDeps = { db: Db; mailer: Mailer; origin: string; secret: string };

const LINK_PURPOSE = 'mr1';
const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * Each lead's window, in days before expiry: [from, until). A sweep that missed a window (a stopped
 * server) sends the reminder still due rather than every one it missed.
 */
export const RENEWAL_LEADS = [
  { lead: 30, from: 30, until: 7 },
  { lead: 7, from: 7, until: 1 },
  { lead: 0, from: 1, until: -1 },
] as const;

/** The renewal link works until the grace period ends: after that the membership has lapsed. */
export function renewalLink(
  deps: Pick<RenewalMailDeps, 'origin' | 'secret'>,
  m: { id: number; campaign_url: string; period_end: Date; grace_days: number },
): string {
  const until = new Date(new Date(m.period_end).getTime() + m.grace_days * DAY_MS);
  const token = signClaims(deps.secret, LINK_PURPOSE, [m.id], until);
  return `${deps.origin.replace(/\/+$/, '')}/subscriptions/${encodeURIComponent(m.campaign_url)}?renew=${token}`;
}

type Due = {
  id: number;
  period_end: Date;
  lead_days: number;
  email: string;
  name: string;
  tier: string;
  price_minor: number;
  currency: string;
  campaign_url: string;
  npo_name: string;
  locale: string;
  time_zone: string;
  grace_days: number;
};

async function claimDue(db: Db, now: Date, window: (typeof RENEWAL_LEADS)[number]): Promise<Due[]> {
  const { rows } = await db.execute<Due>(sql`
    WITH claimed AS (
      INSERT INTO membership_reminders (membership_id, period_end, lead_days)
      SELECT m.id, m.period_end, ${window.lead} FROM supporter_memberships m
      WHERE m.renewal = 'manual' AND m.status IN ('active', 'in_grace')
        AND m.period_end - make_interval(days => ${window.from}) <= ${now.toISOString()}
        AND m.period_end - make_interval(days => ${window.until}) > ${now.toISOString()}
        AND NOT EXISTS (SELECT 1 FROM membership_reminders r
          WHERE r.membership_id = m.id AND r.period_end = m.period_end AND r.lead_days = ${window.lead})
      ORDER BY m.id LIMIT ${BATCH}
      ON CONFLICT DO NOTHING
      RETURNING membership_id, period_end, lead_days)
    SELECT m.id, c.period_end, c.lead_days, p.email, p.name, coalesce(nt.name, t.name) AS tier,
      coalesce(nt.price_minor, t.price_minor) AS price_minor, m.currency, cp.campaign_url,
      n.name AS npo_name, n.locale, n.time_zone, coalesce(s.grace_days, ${DEFAULT_GRACE_DAYS}) AS grace_days
    FROM claimed c JOIN supporter_memberships m ON m.id = c.membership_id
    JOIN membership_tiers t ON t.id = m.tier_id LEFT JOIN membership_tiers nt ON nt.id = m.next_tier_id
    JOIN campaigns cp ON cp.id = t.campaign_id JOIN npos n ON n.id = m.npo_id
    LEFT JOIN membership_settings s ON s.npo_id = m.npo_id
    JOIN membership_members p ON p.membership_id = m.id AND p.position = 0`);
  return rows;
}

function reminderMail(deps: RenewalMailDeps, due: Due) {
  const format = formatFor({ locale: due.locale, timeZone: due.time_zone });
  const expiry = format.date(new Date(due.period_end));
  const link = renewalLink(deps, due);
  const when = due.lead_days === 0 ? `expires today, ${expiry}` : `expires in ${due.lead_days} days, on ${expiry}`;
  return {
    to: due.email,
    subject:
      due.lead_days === 0 ? `Your ${due.tier} membership expires today` : `Time to renew your ${due.tier} membership`,
    text: [
      `Hello ${due.name},`,
      '',
      `Your ${due.tier} membership of ${due.npo_name} ${when}.`,
      `Renew it in one click for ${format.money(due.price_minor, due.currency)}: ${link}`,
      '',
      `After the expiry your membership stays valid for a grace period of ${due.grace_days} days; the link works until then.`,
      '',
      // The card link shows the membership as it is when opened (decision 064), so it stays true after renewal.
      `Your member card: ${memberCardLink(deps, due.id)}`,
      '',
      due.npo_name,
    ].join('\n'),
  };
}

/** Claims and sends every reminder due at `now`; returns how many were sent. */
export async function sendRenewalReminders(
  deps: RenewalMailDeps,
  now: Date,
  log: (error: unknown) => void = () => {},
): Promise<number> {
  let sent = 0;
  for (const window of RENEWAL_LEADS) {
    for (let due = await claimDue(deps.db, now, window); due.length > 0; due = await claimDue(deps.db, now, window)) {
      for (const one of due) {
        // Claimed already: a failed send is logged, never sent twice by the next sweep.
        await deps.mailer.send(reminderMail(deps, one)).then(() => sent++, log);
      }
    }
  }
  return sent;
}

/** What the renewal link opens: the membership to renew and its price, or why it cannot be renewed. */
export async function renewalByLink(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<TMembershipRenewal> {
  const check = verifyClaims(token, secret, LINK_PURPOSE, 1, now);
  if (!check.ok && check.reason === 'expired') {
    throw new AppError('UNPROCESSABLE', MEMBERSHIP_MESSAGES.renewalExpired, {
      renew: MEMBERSHIP_MESSAGES.renewalExpired,
    });
  }
  if (!check.ok) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.renewalInvalid);
  const { rows } = await db.execute<{
    reference: string;
    status: string;
    tier: string;
    price_minor: number;
    currency: string;
    period_end: Date | null;
    billing: 'monthly' | 'yearly' | 'fixed_term';
    members: string[];
  }>(sql`
    SELECT m.reference, m.status, coalesce(nt.name, t.name) AS tier, coalesce(nt.price_minor, t.price_minor) AS price_minor,
      m.currency, m.period_end, coalesce(nt.billing, t.billing) AS billing,
      (SELECT coalesce(array_agg(p.name ORDER BY p.position), '{}') FROM membership_members p WHERE p.membership_id = m.id) AS members
    FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
    LEFT JOIN membership_tiers nt ON nt.id = m.next_tier_id
    WHERE m.id = ${check.claims.ids[0]} AND m.renewal = 'manual'`);
  const m = rows[0];
  if (!m) throw new AppError('NOT_FOUND', MEMBERSHIP_MESSAGES.renewalInvalid);
  if (m.status !== 'active' && m.status !== 'in_grace') {
    throw new AppError('CONFLICT', MEMBERSHIP_MESSAGES.renewalClosed, { renew: MEMBERSHIP_MESSAGES.renewalClosed });
  }
  return {
    reference: m.reference,
    tier: m.tier,
    members: m.members,
    price_minor: Number(m.price_minor),
    currency: m.currency,
    // Paid at the tier's interval: a recurring tier's renewal starts a plan, which renews it from then on.
    interval: tierInterval(m.billing),
    term: m.billing,
    period_end: m.period_end ? new Date(m.period_end).toISOString() : null,
  };
}
