// The prorated difference of a tier change at once (docs/decisions/064-member-cards.md) is asked of
// the member with a payment request (/pay/{id}, paid through checkout), not charged off-session: the
// recurring engine exports no one-off charge of a saved method, and a manual member has none. The
// request is made once per change: the change itself runs once (a second identical change is
// refused as "already in this tier"), and this runs only after it committed.
import { memberNumber } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { createPaymentRequest } from '../payment-requests/index.ts';

export async function requestProratedDifference(
  db: Db,
  session: OrganisationSession,
  membershipId: number,
  proratedMinor: number,
  ip: string | null,
): Promise<number | null> {
  if (proratedMinor <= 0) return null;
  const { rows } = await db.execute<{
    donor_id: number | null;
    currency: string;
    campaign_id: number;
    tier: string;
    name: string;
    email: string;
  }>(sql`
    SELECT m.donor_id, m.currency, t.campaign_id, t.name AS tier, p.name, p.email
    FROM supporter_memberships m JOIN membership_tiers t ON t.id = m.tier_id
    JOIN membership_members p ON p.membership_id = m.id AND p.position = 0
    WHERE m.id = ${membershipId} AND m.npo_id = ${session.selectedNpoId}`);
  const m = rows[0];
  if (!m) return null;
  const [first, ...rest] = m.name.split(' ');
  const id = await createPaymentRequest(
    db,
    session,
    {
      ...(m.donor_id
        ? { donor_id: Number(m.donor_id) }
        : { payer: { first_name: first ?? '', last_name: rest.join(' '), email: m.email } }),
      amount_kind: 'fixed',
      amount_minor: proratedMinor,
      currency: m.currency,
      purpose: `Upgrade to the ${m.tier} membership`,
      description: 'The price difference for the rest of the current membership period.',
      campaign_id: Number(m.campaign_id),
      reference: memberNumber(membershipId),
      allow_fee_cover: false,
      send_email: false,
      instalments: 1,
    },
    ip,
  );
  await db.execute(sql`
    INSERT INTO membership_history (membership_id, kind, detail, actor_user_id)
    VALUES (${membershipId}, 'proration_requested',
      ${`Payment request ${id} asks for the prorated difference.`}, ${session.user.id})`);
  return id;
}
