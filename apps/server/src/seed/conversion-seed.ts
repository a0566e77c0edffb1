// The conversion demo (docs/decisions/037-conversion-features.md): the Spring Appeal offers the
// monthly upsell and tribute gifts, a few of its gifts honour someone, its funnel has counts for
// the last 30 days, and two donors left a checkout they let us keep. Idempotent: a second run
// changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

const TRIBUTES = [
  {
    ref: 'seed_spring_003',
    tribute: {
      type: 'memory',
      honoree_name: 'Margaret Walker',
      recipient_name: 'Daniel Walker',
      recipient_email: 'daniel.walker@example.org',
      message: 'Mum loved the food bank garden. Thinking of you.',
    },
  },
  {
    ref: 'seed_spring_010',
    tribute: { type: 'honour', honoree_name: 'Coach Rivera', recipient_name: '', recipient_email: '', message: '' },
  },
  {
    ref: 'seed_spring_021',
    tribute: {
      type: 'honour',
      honoree_name: 'Grandpa Joe',
      recipient_name: 'Joe Okafor',
      recipient_email: 'joe.okafor@example.org',
      message: 'Happy 80th birthday!',
    },
  },
] as const;

export async function seedConversion(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const found = await db.execute<{ id: number }>(
    sql`SELECT id FROM campaigns WHERE campaign_url = 'spring-appeal' AND npo_id = ${npoId}`,
  );
  const spring = found.rows[0] ? Number(found.rows[0].id) : null;
  if (!spring) return;
  await db.execute(sql`
    UPDATE campaigns SET campaign_settings = campaign_settings || '{"upsell_monthly": true, "tributes": true}'::jsonb
    WHERE id = ${spring} AND NOT (campaign_settings ? 'tributes')`);
  for (const { ref, tribute } of TRIBUTES) {
    // The demo's e-cards count as sent with their gift: the demo mails no one.
    await db.execute(sql`
      UPDATE donations SET tribute = ${JSON.stringify(tribute)}::jsonb,
        tribute_ecard_sent_at = CASE WHEN ${tribute.recipient_email} <> '' THEN created_at END
      WHERE npo_id = ${npoId} AND provider = 'sandbox' AND provider_reference = ${ref} AND tribute IS NULL`);
  }
  // A plausible funnel: views fall off at each step, a little noise from the day number.
  await db.execute(sql`
    INSERT INTO campaign_funnel_days (campaign_id, day, npo_id, views, step1, payment, upsell_offered, upsell_accepted)
    SELECT ${spring}, day, ${npoId}, 80 + n % 7 * 9, 31 + n % 5 * 3, 17 + n % 4 * 2, 9 + n % 3, 2 + n % 2
    FROM (
      SELECT d::date AS day, extract(doy FROM d)::int AS n
      FROM generate_series((now() AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId}))::date - 29,
                           (now() AT TIME ZONE (SELECT time_zone FROM npos WHERE id = ${npoId}))::date - 1,
                           interval '1 day') d
    ) days
    ON CONFLICT (campaign_id, day) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO checkout_starts (npo_id, campaign_id, email, first_name, last_name, amount_minor, currency, interval, started_at)
    VALUES
      (${npoId}, ${spring}, 'hana.ito@example.org', 'Hana', 'Ito', 5000, 'USD', 'once', now() - interval '2 days'),
      (${npoId}, ${spring}, 'owen.price@example.org', 'Owen', 'Price', 2500, 'USD', 'monthly', now() - interval '5 hours')
    ON CONFLICT (campaign_id, email) DO NOTHING`);
}
