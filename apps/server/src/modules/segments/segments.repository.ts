// SQL of saved segments and static lists' members. Every read is scoped by the organisation.
import type { TSegmentGroup } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';

export type SegmentRow = {
  id: number;
  name: string;
  description: string;
  kind: 'dynamic' | 'static';
  rules: TSegmentGroup | null;
  updated_at: Date | string;
};

const COLUMNS = sql`id, name, description, kind, rules, updated_at`;

export async function selectSegments(db: Db, npoId: number): Promise<SegmentRow[]> {
  const { rows } = await db.execute<SegmentRow>(
    sql`SELECT ${COLUMNS} FROM segments WHERE npo_id = ${npoId} ORDER BY lower(name), id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function selectSegment(db: Db | Tx, npoId: number, id: number): Promise<SegmentRow | null> {
  const { rows } = await db.execute<SegmentRow>(
    sql`SELECT ${COLUMNS} FROM segments WHERE npo_id = ${npoId} AND id = ${id}`,
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

type SegmentValues = { name: string; description: string; kind: string; rules: TSegmentGroup | null };

/** The new segment's id, or null when the organisation already has one of this name. */
export async function insertSegment(tx: Tx, npoId: number, userId: number, v: SegmentValues): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO segments (npo_id, name, description, kind, rules, created_by_user_id)
    VALUES (${npoId}, ${v.name}, ${v.description}, ${v.kind}, ${v.rules ? JSON.stringify(v.rules) : null}::jsonb, ${userId})
    ON CONFLICT (npo_id, lower(name)) DO NOTHING RETURNING id`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** False when another segment of the organisation has this name. A segment's kind never changes. */
export async function updateSegment(tx: Tx, npoId: number, id: number, v: SegmentValues): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM segments WHERE npo_id = ${npoId} AND lower(name) = lower(${v.name}) AND id <> ${id}`);
  if (rows.length > 0) return false;
  await tx.execute(sql`
    UPDATE segments SET name = ${v.name}, description = ${v.description},
      rules = ${v.rules ? JSON.stringify(v.rules) : null}::jsonb, updated_at = now()
    WHERE npo_id = ${npoId} AND id = ${id}`);
  return true;
}

export async function deleteSegment(tx: Tx, npoId: number, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM segments WHERE npo_id = ${npoId} AND id = ${id}`);
}

/**
 * How many ids `members` (a SELECT of donor ids) yields. A period rule sums a year of gifts by donor
 * (400,000 rows in the benchmark): with the default 4 MB that sum spills to disk, so the count gets
 * more memory for its own transaction only.
 */
export async function countMembers(db: Db, members: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${members}) m`);
    return Number(rows[0]?.n ?? 0);
  });
}

/** How many of `ids` are the organisation's contacts. */
export async function countOwnContacts(tx: Tx, npoId: number, ids: number[]): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM donors WHERE npo_id = ${npoId} AND id = ANY (${sql.param(ids)}::bigint[])`);
  return Number(rows[0]?.n ?? 0);
}

export async function insertMembers(tx: Tx, segmentId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO segment_members (segment_id, donor_id)
    SELECT ${segmentId}, unnest(${sql.param(ids)}::bigint[]) ON CONFLICT DO NOTHING`);
}

export async function deleteMember(tx: Tx, segmentId: number, donorId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    DELETE FROM segment_members WHERE segment_id = ${segmentId} AND donor_id = ${donorId} RETURNING donor_id`);
  return rows.length > 0;
}

// crm20: tiers and events are rule targets too.
const TARGET_TABLES = {
  campaign: 'campaigns',
  designation: 'campaign_designations',
  membership: 'membership_tiers',
  event: 'events',
} as const;
export type RuleTarget = keyof typeof TARGET_TABLES;

/** Whether campaign (or designation, tier, event) `id` is the organisation's: a rule naming another's is refused. */
export async function ownsGiftTarget(db: Db, npoId: number, kind: RuleTarget, id: number) {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM ${sql.raw(TARGET_TABLES[kind])} WHERE npo_id = ${npoId} AND id = ${id}`,
  );
  return rows.length > 0;
}

/** A donor merge keeps the duplicate's static-list memberships on the kept donor (a donor merge step). */
export async function foldSegmentMembersInto(tx: Tx, m: { npoId: number; keepId: number; duplicateId: number }) {
  await tx.execute(sql`
    INSERT INTO segment_members (segment_id, donor_id, added_at)
    SELECT m.segment_id, ${m.keepId}, m.added_at FROM segment_members m
    JOIN segments s ON s.id = m.segment_id AND s.npo_id = ${m.npoId}
    WHERE m.donor_id = ${m.duplicateId} ON CONFLICT DO NOTHING`);
}

/** The organisation's campaigns and designations, for rules naming one. */
export async function selectGiftTargets(db: Db, npoId: number) {
  const [campaigns, designations] = await Promise.all([
    db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM campaigns WHERE npo_id = ${npoId} ORDER BY lower(name), id`,
    ),
    db.execute<{ id: number; name: string; campaign: string }>(sql`
      SELECT d.id, d.name, c.name AS campaign FROM campaign_designations d JOIN campaigns c ON c.id = d.campaign_id
      WHERE d.npo_id = ${npoId} ORDER BY lower(c.name), d.position, d.id`),
  ]);
  // crm20: membership tiers and events for their rules.
  const [tiers, events] = await Promise.all([
    db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM membership_tiers WHERE npo_id = ${npoId} ORDER BY lower(name), id`,
    ),
    db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM events WHERE npo_id = ${npoId} ORDER BY lower(name), id`,
    ),
  ]);
  const refs = (rows: Array<{ id: number; name: string }>) => rows.map((r) => ({ id: Number(r.id), name: r.name }));
  return {
    tiers: refs(tiers.rows),
    events: refs(events.rows),
    campaigns: campaigns.rows.map((r) => ({ id: Number(r.id), name: r.name })),
    designations: designations.rows.map((r) => ({ id: Number(r.id), name: r.name, campaign: r.campaign })),
  };
}
