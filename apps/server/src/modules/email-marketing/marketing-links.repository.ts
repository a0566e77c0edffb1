// What a recipient's links do (docs/product/crm-email-marketing.md#unsubscribe-and-tracking): the
// unsubscribe records the date and source on the contact; opens and clicks are stamped once, and
// only where the organisation tracks them.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { optOutOfEmail } from '../contacts/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `id` null: an automated e-mail's link (email_unsubscribe_links), with the source it records. */
type TokenRow = {
  id: number | null;
  npo_id: number;
  donor_id: number;
  subject: string;
  organisation_name: string;
  source: string | null;
};

export async function recipientOf(db: Db, token: string): Promise<TokenRow | null> {
  if (!UUID.test(token)) return null;
  const { rows } = await db.execute<TokenRow>(sql`
    SELECT r.id, r.npo_id, r.donor_id, e.subject, n.name AS organisation_name, NULL AS source
    FROM marketing_recipients r JOIN marketing_emails e ON e.id = r.email_id JOIN npos n ON n.id = r.npo_id
    WHERE r.token = ${token}::uuid
    UNION ALL
    SELECT NULL, l.npo_id, l.donor_id, l.subject, n.name, l.source
    FROM email_unsubscribe_links l JOIN npos n ON n.id = l.npo_id WHERE l.token = ${token}::uuid`);
  return rows[0] ?? null;
}

/**
 * Opts the contact out of e-mail (source: the one-click header or the e-mail's page) and stamps the
 * recipient row; null for an unknown token. Saying it twice changes nothing.
 */
export async function unsubscribe(db: Db, token: string, source: string): Promise<TokenRow | null> {
  const row = await recipientOf(db, token);
  if (!row) return null;
  await db.transaction(async (tx) => {
    // An automated e-mail's link names its own source (the workflow); the one-click header says so too.
    const recorded = row.source ? (source.startsWith('One-click') ? `${source}: ${row.source}` : row.source) : source;
    await optOutOfEmail(tx, Number(row.npo_id), Number(row.donor_id), recorded, new Date());
    if (row.id == null)
      await tx.execute(sql`UPDATE email_unsubscribe_links SET unsubscribed_at = coalesce(unsubscribed_at, now())
        WHERE token = ${token}::uuid`);
    else
      await tx.execute(
        sql`UPDATE marketing_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE id = ${row.id}`,
      );
  });
  return row;
}

export async function stampOpen(db: Db, token: string): Promise<void> {
  if (!UUID.test(token)) return;
  await db.execute(sql`
    UPDATE marketing_recipients r SET opened_at = now()
    WHERE r.token = ${token}::uuid AND r.opened_at IS NULL
      AND coalesce((SELECT s.track_opens FROM marketing_settings s WHERE s.npo_id = r.npo_id), TRUE)`);
}

/** The link's address (the e-mail's link by index), stamping the click (and an open: it was read). */
export async function stampClick(db: Db, token: string, index: number): Promise<string | null> {
  if (!UUID.test(token)) return null;
  const { rows } = await db.execute<{ link: string | null }>(sql`
    UPDATE marketing_recipients r SET clicked_at = coalesce(r.clicked_at, now()),
      opened_at = coalesce(r.opened_at, now())
    FROM marketing_emails e
    WHERE r.token = ${token}::uuid AND e.id = r.email_id
    RETURNING e.links[${index + 1}] AS link`);
  return rows[0]?.link ?? null;
}
