// Starting a send: the e-mail moves to 'sending' and its recipients are written in the same
// transaction, one INSERT … SELECT of the segment's members (docs/decisions/075-email-marketing-sends.md).
import type { TMarketingEmailStatus } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { segmentMembersSql } from '../segments/index.ts';
import { insertRecipients, moveStatus, selectEmail } from './marketing.repository.ts';
import { linksOf } from './marketing-render.ts';

/**
 * Moves the e-mail from one of `from` to 'sending' with its recipients; null when it was in none of
 * them or its segment is gone, else the number of recipients written.
 */
export async function startSending(
  db: Db,
  npoId: number,
  id: number,
  from: TMarketingEmailStatus[],
): Promise<number | null> {
  const email = await selectEmail(db, npoId, id);
  if (!email?.segment_id) return null;
  const segment = await segmentMembersSql(db, npoId, email.segment_id);
  if (!segment) return null;
  return db.transaction(async (tx) => {
    const links = linksOf(email.html);
    const moved = await moveStatus(
      tx,
      npoId,
      id,
      from,
      'sending',
      sql`, sent_at = now(), segment_name = ${segment.name}, lease_until = NULL,
        links = ${
          links.length
            ? sql`ARRAY[${sql.join(
                links.map((l) => sql`${l}`),
                sql`, `,
              )}]`
            : sql`'{}'`
        }::text[]`,
    );
    if (!moved) return null;
    return insertRecipients(tx, npoId, id, segment.members);
  });
}
