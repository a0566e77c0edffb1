// Proving membership for member tickets on events (docs/decisions/090-member-tickets.md): a buyer
// gives the member number printed on the card and one of the membership's member e-mail addresses.
// Only a pair that matches a membership of the organisation answers with the membership; anything
// else is "unknown", the same for a wrong number and a wrong e-mail, so a refusal tells nothing.
import { memberNumber } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

export type MemberVerification =
  | { ok: true; membershipId: number; memberNumber: string; tierId: number; tier: string }
  | { ok: false; reason: 'unknown' | 'lapsed' | 'cancelled' };

/** 'M-000026', 'm000026', '26' → 26; anything else null. */
export function membershipIdOf(number: string): number | null {
  const found = /^\s*(?:M\s*-?\s*)?0*(\d{1,12})\s*$/i.exec(number);
  const id = found ? Number(found[1]) : 0;
  return id > 0 ? id : null;
}

/**
 * The membership with this member number in the organisation, if `email` is one of its members'
 * addresses. Active and in-grace memberships qualify (the grace period keeps a member's benefits, as
 * the card says); a lapsed or cancelled one is named as such only to its own member.
 */
export async function verifyMember(db: Tx, npoId: number, number: string, email: string): Promise<MemberVerification> {
  const id = membershipIdOf(number);
  if (id === null) return { ok: false, reason: 'unknown' };
  const { rows } = await db.execute<{ id: number; status: string; tier_id: number; tier: string }>(sql`
    SELECT m.id, m.status, m.tier_id, t.name AS tier
    FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
    WHERE m.id = ${id} AND m.npo_id = ${npoId} AND m.status <> 'pending'
      AND EXISTS (SELECT 1 FROM membership_members p
        WHERE p.membership_id = m.id AND lower(p.email) = ${email.trim().toLowerCase()})`);
  const m = rows[0];
  if (!m) return { ok: false, reason: 'unknown' };
  if (m.status === 'lapsed' || m.status === 'cancelled') return { ok: false, reason: m.status };
  return {
    ok: true,
    membershipId: Number(m.id),
    memberNumber: memberNumber(Number(m.id)),
    tierId: Number(m.tier_id),
    tier: m.tier,
  };
}

/** The organisation's membership tiers among `ids`, with their names (archived tiers included). */
export async function membershipTierNames(db: Tx, npoId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT id, name FROM membership_tiers
    WHERE npo_id = ${npoId} AND id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
