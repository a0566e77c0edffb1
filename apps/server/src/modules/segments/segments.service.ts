import {
  SEGMENT_MESSAGES,
  type TContactListResponse,
  type TSegment,
  type TSegmentGroup,
  type TSegmentOptions,
  type ZSegmentDonorsQuery,
  type ZSegmentInput,
} from '@kindling/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { estimatedRows } from '../../platform/db/estimated-rows.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { contactsCsv, listContactsAmong, selectContactFields } from '../contacts/index.ts';
import { retentionBoundariesIn, selectOrganisationGivingYear } from '../donors/index.ts';
import { compileSegment, rulesOf, type SegmentContext, staticMembersSql } from './segment-sql.ts';
import {
  countMembers,
  countOwnContacts,
  deleteMember,
  deleteSegment,
  insertMembers,
  insertSegment,
  ownsGiftTarget,
  type SegmentRow,
  selectGiftTargets,
  selectSegment,
  selectSegments,
  updateSegment,
} from './segments.repository.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };
type SegmentInput = z.output<typeof ZSegmentInput>;

const notFound = () => new AppError('NOT_FOUND', SEGMENT_MESSAGES.notFound);
const nameTaken = () => new AppError('CONFLICT', SEGMENT_MESSAGES.nameTaken, { name: SEGMENT_MESSAGES.nameTaken });

/** The organisation's calendar (LYBUNT/SYBUNT, days in its zone) and custom fields, as of `now`. */
export async function segmentContext(db: Db, npoId: number, now = new Date()): Promise<SegmentContext> {
  const [year, fields] = await Promise.all([selectOrganisationGivingYear(db, npoId), selectContactFields(db, npoId)]);
  return {
    npoId,
    now,
    zone: year.zone,
    retention: retentionBoundariesIn(now, year.startMonth, year.zone),
    fields,
  };
}

/** Rules naming another organisation's campaign or designation are refused, as any unknown id. */
const TARGET_MESSAGES = {
  campaign: SEGMENT_MESSAGES.campaignNotFound,
  designation: SEGMENT_MESSAGES.designationNotFound,
  membership: SEGMENT_MESSAGES.tierNotFound,
  event: SEGMENT_MESSAGES.eventNotFound,
} as const;

async function checkTargets(db: Db, npoId: number, group: TSegmentGroup): Promise<void> {
  for (const rule of rulesOf(group)) {
    if (!(rule.field in TARGET_MESSAGES)) continue;
    const { field, value } = rule as { field: keyof typeof TARGET_MESSAGES; value: number | null };
    if (value !== null && !(await ownsGiftTarget(db, npoId, field, value))) {
      const message = TARGET_MESSAGES[field];
      throw new AppError('VALIDATION_FAILED', message, { rules: message });
    }
  }
}

/**
 * Up to this many contacts (PostgreSQL's estimate) left by a segment's other rules, a giving-in-a-
 * period rule sums each one's gifts; above it, the period's gifts are summed once for everyone.
 * Measured at the benchmark's scale: 10,000 probes cost a fifth of one pass over a year of gifts,
 * 160,000 twice as much (docs/decisions/068-segment-period-rule-shape.md).
 */
const PERIOD_PROBE_MAX = 40_000;

/** How the period rules of `group` read gifts (see SegmentContext.period). */
async function periodShapeFor(db: Db, group: TSegmentGroup, ctx: SegmentContext): Promise<'hash' | 'probe'> {
  if (!rulesOf(group).some((r) => r.field === 'giving_in_period')) return 'hash';
  const left = await estimatedRows(db, compileSegment(group, { ...ctx, period: 'estimate' }));
  return left <= PERIOD_PROBE_MAX ? 'probe' : 'hash';
}

/** The members of a rule set as a SELECT of donor ids, after its ids are checked. */
async function membersOfRules(db: Db, npoId: number, group: TSegmentGroup): Promise<SQL> {
  await checkTargets(db, npoId, group);
  const ctx = await segmentContext(db, npoId);
  return compileSegment(group, { ...ctx, period: await periodShapeFor(db, group, ctx) });
}

async function membersOf(db: Db, npoId: number, row: SegmentRow): Promise<SQL> {
  return row.kind === 'static' || !row.rules ? staticMembersSql(row.id, npoId) : membersOfRules(db, npoId, row.rules);
}

async function segmentOf(db: Db, npoId: number, row: SegmentRow): Promise<TSegment> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    rules: row.rules,
    count: await countMembers(db, await membersOf(db, npoId, row)),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function requireSegment(db: Db, npoId: number, id: number): Promise<SegmentRow> {
  const row = await selectSegment(db, npoId, id);
  if (!row) throw notFound();
  return row;
}

/** What the rule builder offers: campaigns, designations and the currency of amounts. */
export async function segmentOptions(db: Db, npoId: number): Promise<TSegmentOptions> {
  const [targets, year] = await Promise.all([selectGiftTargets(db, npoId), selectOrganisationGivingYear(db, npoId)]);
  return { ...targets, currency: year.baseCurrency };
}

export async function listSegments(db: Db, npoId: number): Promise<TSegment[]> {
  const rows = await selectSegments(db, npoId);
  return Promise.all(rows.map((r) => segmentOf(db, npoId, r)));
}

export async function getSegment(db: Db, npoId: number, id: number): Promise<TSegment> {
  return segmentOf(db, npoId, await requireSegment(db, npoId, id));
}

/** The live count of rules being edited. */
export async function countRules(db: Db, npoId: number, rules: TSegmentGroup): Promise<number> {
  return countMembers(db, await membersOfRules(db, npoId, rules));
}

export async function createSegment(db: Db, actor: Actor, input: SegmentInput): Promise<number> {
  // Compiling checks the rules' custom fields, campaigns and designations before anything is saved.
  if (input.rules) await membersOfRules(db, actor.npoId, input.rules);
  return db.transaction(async (tx) => {
    const id = await insertSegment(tx, actor.npoId, actor.userId, input);
    if (id === null) throw nameTaken();
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'segment.created',
      targetType: 'segment',
      targetId: id,
      data: { name: input.name, kind: input.kind, rules: input.rules },
      ip: actor.ip,
    });
    return id;
  });
}

export async function changeSegment(db: Db, actor: Actor, id: number, input: SegmentInput): Promise<void> {
  const before = await requireSegment(db, actor.npoId, id);
  // The kind is fixed at creation: a static list's members are not rules.
  const values = { ...input, kind: before.kind, rules: before.kind === 'static' ? null : input.rules };
  if (before.kind === 'dynamic' && !values.rules) {
    throw new AppError('VALIDATION_FAILED', SEGMENT_MESSAGES.rules, { rules: SEGMENT_MESSAGES.rules });
  }
  if (values.rules) await membersOfRules(db, actor.npoId, values.rules);
  await db.transaction(async (tx) => {
    if (!(await updateSegment(tx, actor.npoId, id, values))) throw nameTaken();
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'segment.changed',
      targetType: 'segment',
      targetId: id,
      data: { before: { name: before.name, rules: before.rules }, after: { name: values.name, rules: values.rules } },
      ip: actor.ip,
    });
  });
}

export async function removeSegment(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await requireSegment(db, actor.npoId, id);
  await db.transaction(async (tx) => {
    await deleteSegment(tx, actor.npoId, id);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'segment.deleted',
      targetType: 'segment',
      targetId: id,
      data: { name: before.name, kind: before.kind, rules: before.rules },
      ip: actor.ip,
    });
  });
}

async function requireStatic(db: Db, npoId: number, id: number): Promise<SegmentRow> {
  const row = await requireSegment(db, npoId, id);
  if (row.kind !== 'static') throw new AppError('CONFLICT', SEGMENT_MESSAGES.notStatic);
  return row;
}

/** Adds hand-picked contacts to a static list; all of them must be the organisation's. */
export async function addMembers(db: Db, actor: Actor, id: number, contactIds: number[]): Promise<void> {
  await requireStatic(db, actor.npoId, id);
  const ids = [...new Set(contactIds)];
  await db.transaction(async (tx) => {
    if ((await countOwnContacts(tx, actor.npoId, ids)) !== ids.length) {
      throw new AppError('VALIDATION_FAILED', SEGMENT_MESSAGES.contactNotFound, {
        contact_ids: SEGMENT_MESSAGES.contactNotFound,
      });
    }
    await insertMembers(tx, id, ids);
  });
}

export async function removeMember(db: Db, actor: Actor, id: number, contactId: number): Promise<void> {
  await requireStatic(db, actor.npoId, id);
  await db.transaction(async (tx) => {
    if (!(await deleteMember(tx, id, contactId))) throw new AppError('NOT_FOUND', SEGMENT_MESSAGES.contactNotFound);
  });
}

export async function listSegmentDonors(
  db: Db,
  npoId: number,
  id: number,
  q: z.output<typeof ZSegmentDonorsQuery>,
): Promise<TContactListResponse> {
  const row = await requireSegment(db, npoId, id);
  return listContactsAmong(db, npoId, await membersOf(db, npoId, row), q);
}

/** The members as the contacts export writes them, in name order. */
export async function exportSegmentDonors(db: Db, actor: Actor, id: number): Promise<{ name: string; csv: string }> {
  const row = await requireSegment(db, actor.npoId, id);
  const memberOf = await membersOf(db, actor.npoId, row);
  const csv = await contactsCsv(
    db,
    actor,
    { npoId: actor.npoId, memberOf, sort: 'name', direction: 'asc', limit: 0, offset: 0 },
    { segment_id: row.id, segment: row.name },
  );
  return { name: row.name, csv };
}

/**
 * A segment's name and its members as a SELECT of donor ids, for another module's audience or filter
 * (e-mail marketing's recipients, the reports centre); null when it is not the organisation's.
 */
export async function segmentMembersSql(
  db: Db,
  npoId: number,
  id: number,
): Promise<{ name: string; members: SQL } | null> {
  const row = await selectSegment(db, npoId, id);
  return row ? { name: row.name, members: await membersOf(db, npoId, row) } : null;
}
