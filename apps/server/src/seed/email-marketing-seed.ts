// The demo's e-mail marketing (docs/product/crm-email-marketing.md): a newsletter sent three weeks
// ago to "Top 100 by lifetime" with its results (deliveries, a bounce, opens, clicks, an unsubscribe),
// and an appeal scheduled for next week. Added once per organisation, by name.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

const SENT = 'Spring newsletter';
const SCHEDULED = 'Summer appeal';
const HTML = `<h2>Spring at {{organisation_name}}</h2><p>Dear {{donor_first_name}},</p>
<p>Thanks to you, our pantry served more families this spring than ever before.
<a href="https://example.org/spring-report">Read the spring report</a>.</p><p>With thanks,<br>The team</p>`;
const TEXT =
  'Dear {{donor_first_name}},\n\nThanks to you, our pantry served more families this spring than ever before.\nRead the spring report: https://example.org/spring-report\n\nWith thanks,\nThe team';

export async function seedEmailMarketing(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  for (const npoId of npoIds.values()) {
    const exists = await db.execute(sql`SELECT 1 FROM marketing_emails WHERE npo_id = ${npoId} AND name = ${SENT}`);
    if (exists.rows.length > 0) continue;
    const seg = await db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM segments WHERE npo_id = ${npoId} ORDER BY (name = 'Top 100 by lifetime') DESC, id LIMIT 1`,
    );
    const segment = seg.rows[0];
    if (!segment) continue;
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO marketing_emails (npo_id, name, subject, preheader, from_name, html, text, segment_id, segment_name,
        links, status, sent_at, finished_at, created_by_user_id, created_at, updated_at)
      SELECT ${npoId}, ${SENT}, 'What your gifts did this spring', 'A short report, and a thank-you',
        n.name, ${HTML}, ${TEXT}, ${segment.id}, ${segment.name}, ARRAY['https://example.org/spring-report'], 'sent',
        now() - interval '21 days', now() - interval '21 days' + interval '4 minutes', ${adminId},
        now() - interval '22 days', now() - interval '21 days'
      FROM npos n WHERE n.id = ${npoId}
      RETURNING id`);
    const emailId = rows[0]?.id;
    if (!emailId) continue;
    // Results spread deterministically over the recipients: most delivered and opened, some clicked,
    // one hard bounce (suppressed) and one unsubscribe.
    await db.execute(sql`
      INSERT INTO marketing_recipients (email_id, npo_id, donor_id, email, status, claimed_at, sent_at, delivered_at,
        bounced_at, opened_at, clicked_at, unsubscribed_at)
      SELECT ${emailId}, ${npoId}, d.id, d.email, CASE WHEN x.n = 5 THEN 'bounced' ELSE 'sent' END,
        e.sent_at, e.sent_at, CASE WHEN x.n <> 5 THEN e.sent_at END, CASE WHEN x.n = 5 THEN e.sent_at END,
        CASE WHEN x.n <> 5 AND x.n % 5 <> 0 AND x.n % 3 <> 0 THEN e.sent_at + x.n * interval '7 minutes' END,
        CASE WHEN x.n <> 5 AND x.n % 4 = 1 THEN e.sent_at + x.n * interval '9 minutes' END,
        CASE WHEN x.n = 7 THEN e.sent_at + interval '2 hours' END
      FROM (SELECT id, email, row_number() OVER (ORDER BY id) AS n FROM donors
            WHERE npo_id = ${npoId} AND email <> '' ORDER BY id LIMIT 60) x
      JOIN donors d ON d.id = x.id JOIN marketing_emails e ON e.id = ${emailId}`);
    await db.execute(sql`
      INSERT INTO email_suppressions (npo_id, email, reason)
      SELECT ${npoId}, lower(email), 'Hard bounce' FROM marketing_recipients WHERE email_id = ${emailId} AND status = 'bounced'
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO contact_details (donor_id, npo_id, communication)
      SELECT r.donor_id, r.npo_id, jsonb_build_object('email', jsonb_build_object('opted_out_at', r.unsubscribed_at,
        'source', 'Unsubscribe link in a marketing e-mail'))
      FROM marketing_recipients r WHERE r.email_id = ${emailId} AND r.unsubscribed_at IS NOT NULL
      ON CONFLICT (donor_id) DO UPDATE SET communication = contact_details.communication || EXCLUDED.communication`);
    await db.execute(sql`
      INSERT INTO marketing_emails (npo_id, name, subject, preheader, from_name, html, text, segment_id, status,
        scheduled_at, created_by_user_id)
      SELECT ${npoId}, ${SCHEDULED}, 'Help us fill the summer pantry', 'School holidays are the hardest weeks',
        n.name, ${HTML.replace('Spring', 'Summer')}, ${TEXT}, ${segment.id}, 'scheduled',
        date_trunc('hour', now()) + interval '7 days', ${adminId}
      FROM npos n WHERE n.id = ${npoId}`);
  }
}
