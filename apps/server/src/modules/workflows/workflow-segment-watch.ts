// "Added to a segment" for rule-based segments (docs/product/crm-workflow-automation.md#triggers,
// decision 098). A rule-based segment has no membership rows: it is evaluated when read. The hourly
// sweep keeps the members of each one an active workflow watches and stamps newcomers with the time
// it first saw them; the sweep's trigger query then reads those stamps as it reads a list's.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { segmentMembersSql } from '../segments/index.ts';
import type { ActiveWorkflow } from './workflow-engine.ts';

/** The rule-based segments named by the workflows' "added to a segment" triggers. */
async function watchedRuleSegments(db: Db, workflows: ActiveWorkflow[]) {
  const ids = [
    ...new Set(workflows.flatMap((w) => (w.trigger.kind === 'segment_added' ? [w.trigger.segment_id] : []))),
  ];
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: string; npo_id: string }>(sql`SELECT id, npo_id FROM segments
    WHERE kind <> 'static' AND rules IS NOT NULL AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  return rows.map((r) => ({ id: Number(r.id), npoId: Number(r.npo_id) }));
}

/**
 * Brings one segment's kept members up to date: newcomers get `added_at = now()`, those who left are
 * deleted (so a return is a new addition). The first time, every member is the baseline (null),
 * which starts nothing: contacts already in the segment when a workflow began watching it.
 */
async function refreshSegment(db: Db, segment: { id: number; npoId: number }): Promise<void> {
  const found = await segmentMembersSql(db, segment.npoId, segment.id);
  if (!found) return;
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`INSERT INTO workflow_segment_watches (segment_id, npo_id)
      VALUES (${segment.id}, ${segment.npoId}) ON CONFLICT DO NOTHING RETURNING segment_id`);
    const baseline = rows.length > 0;
    await tx.execute(sql`WITH now_in AS (${found.members}),
      gone AS (DELETE FROM workflow_segment_members m WHERE m.segment_id = ${segment.id}
        AND m.donor_id NOT IN (SELECT donor_id FROM now_in))
      INSERT INTO workflow_segment_members (segment_id, donor_id, added_at)
      SELECT DISTINCT ${segment.id}::bigint, donor_id, ${baseline ? sql`NULL::timestamptz` : sql`now()`} FROM now_in
      ON CONFLICT DO NOTHING`);
  });
}

/**
 * Refreshes every watched rule-based segment, and forgets the ones no active workflow watches any
 * more: watching again starts from a new baseline, so a paused or deleted workflow's segment does
 * not later start runs for contacts who joined while nobody watched.
 */
export async function refreshWatchedSegments(db: Db, workflows: ActiveWorkflow[]): Promise<void> {
  const watched = await watchedRuleSegments(db, workflows);
  const keep = `{${watched.map((s) => s.id).join(',')}}`;
  await db.execute(sql`DELETE FROM workflow_segment_members WHERE NOT (segment_id = ANY(${keep}::bigint[]))`);
  await db.execute(sql`DELETE FROM workflow_segment_watches WHERE NOT (segment_id = ANY(${keep}::bigint[]))`);
  for (const segment of watched) await refreshSegment(db, segment);
}
