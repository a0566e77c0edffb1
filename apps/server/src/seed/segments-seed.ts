// The demo's CRM segments (docs/product/crm.md#segments): three saved dynamic segments a new user
// opens from /dashboard/crm/segments. Added by name: one staff changed keeps their changes.
import type { TSegmentGroupInput } from '@kindling/contracts';
import { ZSegmentGroup } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

const DEMO_SEGMENTS: Array<{ name: string; description: string; rules: TSegmentGroupInput }> = [
  {
    name: 'Lapsed last year',
    description: 'Gave last giving year but not yet this one (LYBUNT): the first people to call.',
    rules: { match: 'all', rules: [{ field: 'retention', operator: 'is', value: 'lybunt' }] },
  },
  {
    name: 'Monthly donors',
    description: 'Contacts with an active recurring plan.',
    rules: { match: 'all', rules: [{ field: 'recurring', operator: 'is', value: 'active' }] },
  },
  {
    name: 'Top 100 by lifetime',
    description: 'The hundred contacts who have given the most, all time.',
    rules: { match: 'all', rules: [{ field: 'top_lifetime', operator: 'top', value: 100 }] },
  },
];

export async function seedSegments(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  for (const npoId of npoIds.values()) {
    for (const s of DEMO_SEGMENTS) {
      const rules = ZSegmentGroup.parse(s.rules);
      await db.execute(sql`
        INSERT INTO segments (npo_id, name, description, kind, rules, created_by_user_id)
        VALUES (${npoId}, ${s.name}, ${s.description}, 'dynamic', ${JSON.stringify(rules)}::jsonb, ${adminId})
        ON CONFLICT (npo_id, lower(name)) DO NOTHING`);
    }
  }
}
