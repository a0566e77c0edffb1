import type { TDonorMatch } from '@kindling/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { donors } from '../donors/index.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to ten of the organisation's donors whose name or e-mail contains the text. */
export async function searchDonors(db: Db, npoId: number, text: string): Promise<TDonorMatch[]> {
  const pattern = `%${escapeLike(text)}%`;
  const rows = await db
    .select({ id: donors.id, firstName: donors.firstName, lastName: donors.lastName, email: donors.email })
    .from(donors)
    .where(
      and(
        eq(donors.npoId, npoId),
        or(ilike(donors.email, pattern), ilike(sql`${donors.firstName} || ' ' || ${donors.lastName}`, pattern)),
      ),
    )
    .orderBy(asc(donors.lastName), asc(donors.firstName), asc(donors.id))
    .limit(10);
  return rows.map((r) => ({ id: r.id, first_name: r.firstName, last_name: r.lastName, email: r.email }));
}
