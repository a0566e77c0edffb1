// pay25: the demo's payment requests (docs/decisions/050-payment-requests.md): a pledge in three instalments, a sponsorship
// invoice due next week at a stable address (printed at start), an overdue balance, and one paid by an
// existing gift (so the demo's donation counts and totals stay as they were). Added once.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { addDays, dayIn } from '../platform/format/calendar.ts';

/** The sponsorship invoice's public id: stable, so the demo and its guide can link /pay/ to it. */
export const DEMO_PAYMENT_REQUEST_ID = 'riverside-gala-sponsorship-2026';

export async function seedPaymentRequests(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows: existing } = await db.execute(sql`SELECT 1 FROM payment_requests WHERE npo_id = ${npoId} LIMIT 1`);
  if (existing.length > 0) return;
  const { rows: setting } = await db.execute<{ zone: string; currency: string; campaign: number | null }>(sql`
    SELECT n.time_zone AS zone, n.base_currency AS currency,
      (SELECT c.id FROM campaigns c WHERE c.npo_id = n.id AND c.campaign_url = 'spring-appeal') AS campaign
    FROM npos n WHERE n.id = ${npoId}`);
  const { zone, currency, campaign } = setting[0] ?? { zone: 'UTC', currency: 'USD', campaign: null };
  if (!campaign) return;
  // Donors with a gift in the base currency: the paid request is settled by the first one's gift.
  const { rows: givers } = await db.execute<{
    id: number;
    first: string;
    last: string;
    email: string;
    gift: number;
    amount: number;
  }>(sql`
    SELECT DISTINCT ON (d.id) d.id::int, d.first_name AS first, d.last_name AS last, d.email,
      g.id::int AS gift, g.amount_minor::float8 AS amount
    FROM donors d JOIN donations g ON g.donor_id = d.id AND g.status = 'succeeded' AND g.currency = ${currency}
      AND g.campaign_id = ${campaign} AND g.fee_covered_minor = 0
    WHERE d.npo_id = ${npoId} AND d.first_name <> ''
    ORDER BY d.id, g.id LIMIT 4`);
  if (givers.length < 4) return;
  const today = dayIn(new Date(), zone);
  const { rows: admins } = await db.execute<{ id: number }>(
    sql`SELECT id::int FROM users WHERE lower(email) = 'admin@kindling.test'`,
  );
  const admin = admins[0]?.id ?? null;
  const requests = [
    {
      publicId: DEMO_PAYMENT_REQUEST_ID,
      who: givers[1],
      purpose: 'Harvest Gala table sponsorship',
      description: 'Invoice for a sponsored table of ten at the Harvest Gala, with your logo in the programme.',
      amount: 250_000,
      kind: 'fixed',
      due: addDays(today, 7),
      reference: 'INV-2041',
    },
    {
      publicId: 'demo-auction-balance-overdue',
      who: givers[2],
      purpose: 'Auction balance: weekend cabin',
      description: 'The balance of your winning bid at the spring auction.',
      amount: 42_500,
      kind: 'fixed',
      due: addDays(today, -10),
      reference: 'AUC-117',
    },
  ];
  for (const r of requests) {
    if (!r.who) continue;
    await db.execute(sql`
      INSERT INTO payment_requests (npo_id, public_id, donor_id, payer_first_name, payer_last_name, payer_email,
        amount_kind, amount_minor, currency, purpose, description, campaign_id, due_on, reference, allow_fee_cover,
        created_by, created_at)
      VALUES (${npoId}, ${r.publicId}, ${r.who.id}, ${r.who.first}, ${r.who.last}, ${r.who.email}, ${r.kind}, ${r.amount},
        ${currency}, ${r.purpose}, ${r.description}, ${campaign}, ${r.due}, ${r.reference}, true, ${admin},
        now() - interval '12 days')`);
  }
  // pay25c: the pledge in three monthly instalments (decision 062), its first paid early by the donor's own gift.
  const pledger = givers[0];
  if (pledger) {
    const { rows: pledge } = await db.execute<{ id: number }>(sql`
      INSERT INTO payment_requests (npo_id, public_id, donor_id, payer_first_name, payer_last_name, payer_email,
        amount_kind, amount_minor, currency, purpose, description, campaign_id, due_on, reference, instalments,
        paid_minor, created_by, created_at)
      VALUES (${npoId}, 'demo-pledge-2026-harrow-family', ${pledger.id}, ${pledger.first}, ${pledger.last},
        ${pledger.email}, 'fixed', ${pledger.amount * 3}, ${currency}, '2026 pledge in three instalments',
        'Thank you for your pledge of three monthly payments this year.', ${campaign}, ${addDays(today, 3)},
        'PLEDGE-2026-014', 3, ${pledger.amount}, ${admin}, now() - interval '12 days')
      RETURNING id::int`);
    if (pledge[0])
      await db.execute(sql`
        INSERT INTO payment_request_payments (donation_id, request_id, amount_minor)
        VALUES (${pledger.gift}, ${pledge[0].id}, ${pledger.amount})`);
  }
  const paid = givers[3];
  if (!paid) return;
  const { rows: inserted } = await db.execute<{ id: number }>(sql`
    INSERT INTO payment_requests (npo_id, public_id, donor_id, payer_first_name, payer_last_name, payer_email,
      amount_kind, amount_minor, currency, purpose, description, campaign_id, due_on, reference, paid_minor, paid_at,
      created_by, created_at)
    VALUES (${npoId}, 'demo-membership-dues-paid-2026', ${paid.id}, ${paid.first}, ${paid.last}, ${paid.email}, 'fixed',
      ${paid.amount}, ${currency}, 'Annual supporter dues', 'Your supporter dues for the year.', ${campaign},
      ${addDays(today, -20)}, 'DUES-2026-003', ${paid.amount}, now() - interval '25 days', ${admin}, now() - interval '30 days')
    RETURNING id::int`);
  const requestId = inserted[0]?.id;
  if (requestId)
    await db.execute(sql`
      INSERT INTO payment_request_payments (donation_id, request_id, amount_minor) VALUES (${paid.gift}, ${requestId}, ${paid.amount})`);
}
