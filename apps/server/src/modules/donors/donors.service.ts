import {
  DONOR_ADMIN_MESSAGES,
  type TDonorDetail,
  type TDonorListResponse,
  type TDonorMergePreview,
  type TDonorSummary,
  type TGivingYearSetting,
  type ZDonorListQuery,
  type ZDonorProfileInput,
} from '@kindling/contracts';
import { givingYearLabel, isGivingYearStartMonth, retentionFlags } from '@kindling/contracts/giving-year-rules.ts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { addDays, midnightIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type DonorSummaryRow,
  selectDonorPage,
  selectDonorSummary,
  selectOrganisationGivingYear,
} from './donor-list.repository.ts';
import {
  countDonorRecords,
  deleteDonor,
  fillEmptyProfileFields,
  moveDonorRecords,
  recordMerge,
} from './donor-merge.repository.ts';
import {
  lockDonor,
  selectDonorPlans,
  selectDonorProfile,
  selectDonorTimeline,
  selectDuplicateDonors,
  selectGiftAidDeclarations,
  selectGiftDates,
  updateDonorProfile,
} from './donor-profile.repository.ts';
import { givingYearIn, givingYearsBetween, retentionBoundariesIn } from './giving-year.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };

/**
 * Work a higher module does in a merge's transaction before the duplicate's rows move (the contacts
 * module folds its record of the duplicate into the kept one), registered from app.ts.
 */
export type DonorMergeStep = (tx: Tx, merge: { npoId: number; keepId: number; duplicateId: number }) => Promise<void>;

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
const notFound = () => new AppError('NOT_FOUND', DONOR_ADMIN_MESSAGES.notFound);

type GivingYear = { startMonth: number; zone: string };

function givingYearSetting({ startMonth, zone }: GivingYear, now: Date): TGivingYearSetting {
  const current = givingYearIn(now, startMonth, zone);
  return {
    fiscal_year_start_month: startMonth,
    current_year: current,
    current_label: givingYearLabel(current, startMonth),
  };
}

function toSummary(r: DonorSummaryRow, currency: string, year: GivingYear, now: Date): TDonorSummary {
  const { currentStart, previousStart } = retentionBoundariesIn(now, year.startMonth, year.zone);
  // A donor's last gift decides both flags: before the current year and within the previous one is
  // LYBUNT; before the previous one is SYBUNT (they gave, but in neither of the two latest years).
  const last = r.last_gift_at ? new Date(r.last_gift_at).getTime() : null;
  const flags = retentionFlags({
    current: last !== null && last >= currentStart.getTime(),
    previous: last !== null && last >= previousStart.getTime() && last < currentStart.getTime(),
    earlier: last !== null && last < previousStart.getTime(),
  });
  return {
    id: Number(r.id),
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    postal_code: r.postal_code,
    lifetime_total_minor: Number(r.lifetime_base_minor),
    currency,
    gift_count: Number(r.gift_count),
    first_gift_at: iso(r.first_gift_at),
    last_gift_at: iso(r.last_gift_at),
    recurring_status: r.recurring_status,
    ...flags,
  };
}

export async function listDonors(
  db: Db,
  npoId: number,
  query: z.infer<typeof ZDonorListQuery>,
  now = new Date(),
): Promise<TDonorListResponse> {
  const { baseCurrency, ...year } = await selectOrganisationGivingYear(db, npoId);
  const { zone } = year;
  const boundaries = retentionBoundariesIn(now, year.startMonth, zone);
  const { rows, total, capped } = await selectDonorPage(db, {
    npoId,
    search: query.search || undefined,
    recurring: query.recurring,
    retention: query.retention ? { kind: query.retention, ...boundaries } : undefined,
    // The organisation's days (decision 027): from its midnight, to the next one after `gave_to`.
    gaveFrom: query.gave_from ? midnightIn(query.gave_from, zone) : undefined,
    gaveTo: query.gave_to ? midnightIn(addDays(query.gave_to, 1), zone) : undefined,
    minTotalMinor: query.min_total_minor,
    maxTotalMinor: query.max_total_minor,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    donors: rows.map((r) => toSummary(r, baseCurrency, year, now)),
    total,
    total_capped: capped,
    page: query.page,
    per_page: query.per_page,
    currency: baseCurrency,
    giving_year: givingYearSetting(year, now),
  };
}

export async function getDonorDetail(db: Db, npoId: number, donorId: number, now = new Date()): Promise<TDonorDetail> {
  const profile = await selectDonorProfile(db, npoId, donorId);
  const summaryRow = await selectDonorSummary(db, npoId, donorId);
  if (!profile || !summaryRow) throw notFound();
  const { baseCurrency, ...year } = await selectOrganisationGivingYear(db, npoId);
  const [timeline, plans, giftAid, duplicates, giftDates] = await Promise.all([
    selectDonorTimeline(db, npoId, donorId),
    selectDonorPlans(db, npoId, donorId),
    selectGiftAidDeclarations(db, npoId, donorId),
    selectDuplicateDonors(db, npoId, profile),
    selectGiftDates(db, npoId, [donorId]),
  ]);
  const years = givingYearsBetween(giftDates, year.startMonth, year.zone);
  return {
    profile: { ...profile, id: Number(profile.id), created_at: new Date(profile.created_at).toISOString() },
    summary: toSummary(summaryRow, baseCurrency, year, now),
    timeline: timeline.map((e) => ({
      kind: e.kind as TDonorDetail['timeline'][number]['kind'],
      at: new Date(e.at).toISOString(),
      amount_minor: e.amount_minor == null ? null : Number(e.amount_minor),
      currency: e.currency,
      donation_id: e.donation_id == null ? null : Number(e.donation_id),
      plan_id: e.plan_id == null ? null : Number(e.plan_id),
      detail: e.detail ?? '',
    })),
    plans: plans.map((p) => ({
      ...p,
      id: Number(p.id),
      amount_minor: Number(p.amount_minor),
      next_charge_at: iso(p.next_charge_at),
      started_at: new Date(p.started_at).toISOString(),
    })),
    gift_aid_declarations: giftAid.map((g) => ({ ...g, donation_id: Number(g.donation_id) })),
    duplicates: duplicates.map((d) => ({
      id: Number(d.id),
      first_name: d.first_name,
      last_name: d.last_name,
      email: d.email,
      postal_code: d.postal_code,
      reason: d.reason,
      gift_count: Number(d.gift_count),
      lifetime_total_minor: Number(d.lifetime_base_minor),
    })),
    giving_year: givingYearSetting(year, now),
    statement_years: years,
  };
}

export async function updateDonor(
  db: Db,
  actor: Actor,
  donorId: number,
  input: z.infer<typeof ZDonorProfileInput>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDonor(tx, actor.npoId, donorId);
    if (!before) throw notFound();
    if (!(await updateDonorProfile(tx, actor.npoId, donorId, input))) {
      throw new AppError('CONFLICT', DONOR_ADMIN_MESSAGES.emailTaken, { email: DONOR_ADMIN_MESSAGES.emailTaken });
    }
    const changed = Object.fromEntries(
      Object.entries(input).filter(([key, value]) => before[key as keyof typeof before] !== value),
    );
    const was = Object.fromEntries(Object.keys(changed).map((key) => [key, before[key as keyof typeof before]]));
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'donor.updated',
      targetType: 'donor',
      targetId: donorId,
      data: { before: was, after: changed },
      ip: actor.ip,
    });
    // docs/decisions/074-webhook-outbox.md: the event is written with the change.
    await recordWebhookEvent(tx, {
      npoId: actor.npoId,
      type: 'donor.updated',
      data: { donor_id: donorId, changed: Object.keys(changed) },
    });
  });
}

/** Both donors' summaries and what would move; 404 unless both are the organisation's. */
export async function previewMerge(
  db: Db,
  npoId: number,
  keepId: number,
  duplicateId: number,
  now = new Date(),
): Promise<TDonorMergePreview> {
  if (keepId === duplicateId)
    throw new AppError('VALIDATION_FAILED', DONOR_ADMIN_MESSAGES.mergeSelf, {
      duplicate_id: DONOR_ADMIN_MESSAGES.mergeSelf,
    });
  const [keep, duplicate] = await Promise.all([
    selectDonorSummary(db, npoId, keepId),
    selectDonorSummary(db, npoId, duplicateId),
  ]);
  if (!keep || !duplicate) throw notFound();
  const { baseCurrency, ...year } = await selectOrganisationGivingYear(db, npoId);
  const moves = await countDonorRecords(db, npoId, duplicateId);
  return {
    keep: toSummary(keep, baseCurrency, year, now),
    duplicate: toSummary(duplicate, baseCurrency, year, now),
    moves,
  };
}

/**
 * Moves every record of the duplicate to the kept donor and removes the duplicate, in one
 * transaction. The duplicate's whole profile and the ids of every moved row are kept in the audit
 * entry, so nothing is lost and the merge can be traced. Both rows are locked in id order (two
 * merges of the same pair cannot deadlock); the giving totals are recomputed by the triggers.
 */
export async function mergeDonors(
  db: Db,
  actor: Actor,
  keepId: number,
  duplicateId: number,
  steps: readonly DonorMergeStep[] = [],
): Promise<void> {
  if (keepId === duplicateId)
    throw new AppError('VALIDATION_FAILED', DONOR_ADMIN_MESSAGES.mergeSelf, {
      duplicate_id: DONOR_ADMIN_MESSAGES.mergeSelf,
    });
  await db.transaction(async (tx) => {
    const [firstId, secondId] = keepId < duplicateId ? [keepId, duplicateId] : [duplicateId, keepId];
    const first = await lockDonor(tx, actor.npoId, firstId);
    const second = await lockDonor(tx, actor.npoId, secondId);
    if (!first || !second) throw notFound();
    const duplicate = first.id === duplicateId ? first : second;
    for (const step of steps) await step(tx, { npoId: actor.npoId, keepId, duplicateId });
    const moved = await moveDonorRecords(tx, actor.npoId, keepId, duplicateId);
    await fillEmptyProfileFields(tx, keepId, duplicateId);
    await deleteDonor(tx, actor.npoId, duplicateId);
    await recordMerge(tx, {
      npoId: actor.npoId,
      mergedDonorId: duplicateId,
      mergedEmail: duplicate.email,
      keptDonorId: keepId,
      userId: actor.userId,
    });
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'donor.merged',
      targetType: 'donor',
      targetId: keepId,
      data: { duplicate: { ...duplicate, created_at: new Date(duplicate.created_at).toISOString() }, moved },
      ip: actor.ip,
    });
    await recordWebhookEvent(tx, {
      npoId: actor.npoId,
      type: 'donor.merged',
      data: { donor_id: keepId, merged_donor_id: duplicateId },
    });
  });
}

export async function getGivingYear(db: Db, npoId: number, now = new Date()): Promise<TGivingYearSetting> {
  const { startMonth, zone } = await selectOrganisationGivingYear(db, npoId);
  return givingYearSetting({ startMonth, zone }, now);
}

export async function setGivingYear(db: Db, actor: Actor, startMonth: number): Promise<TGivingYearSetting> {
  if (!isGivingYearStartMonth(startMonth)) throw new AppError('VALIDATION_FAILED', DONOR_ADMIN_MESSAGES.startMonth);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ before: number }>(sql`
      UPDATE npos n SET fiscal_year_start_month = ${startMonth}
      FROM (SELECT fiscal_year_start_month AS before FROM npos WHERE id = ${actor.npoId} FOR UPDATE) old
      WHERE n.id = ${actor.npoId} RETURNING old.before`);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'organisation.giving_year_changed',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { before: Number(rows[0]?.before ?? 1), after: startMonth },
      ip: actor.ip,
    });
  });
  return getGivingYear(db, actor.npoId);
}
