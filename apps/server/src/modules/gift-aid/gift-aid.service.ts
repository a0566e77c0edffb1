// Gift Aid claims (docs/product/reports.md#gift-aid-claims, decision 092): which gifts of a period can be
// claimed and why the others cannot, the claim that marks them claimed once, the schedule file, and
// undoing a claim HMRC rejected so its gifts can be claimed again.
import {
  ACCESS,
  GIFT_AID_CLAIM_MESSAGES,
  giftAidClaimMinor,
  type TGiftAidClaim,
  type TGiftAidClaimInput,
  type TGiftAidExclusion,
  type TGiftAidExclusionReason,
  type TGiftAidGift,
  type TGiftAidPeriodQuery,
  type TGiftAidPreview,
} from '@kindling/contracts';
import { givingYearOf, givingYearRange } from '@kindling/contracts/giving-year-rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { violatedUniqueKey } from '../../platform/db/unique-violation.ts';
import { addDays, dayIn, midnightIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { selectOrganisationGivingYear } from '../donors/index.ts';
import { findNpo } from '../organisations/index.ts';
import {
  type CandidateRow,
  type ClaimRow,
  insertClaim,
  nextClaimNumber,
  selectCandidates,
  selectClaim,
  selectClaimGifts,
  selectClaims,
  undoClaim,
} from './gift-aid.repository.ts';
import { scheduleCsv, scheduleLines, scheduleXlsx } from './gift-aid-schedule.ts';

export type Actor = { userId: number; npoId: number; roleCode: number; ip: string | null };

const EXCLUSIONS_SHOWN = 500;
const CLAIM_YEARS = 4;

type Period = {
  from: string;
  to: string;
  fiscalYear: number;
  accountingFrom: string;
  accountingTo: string;
  claimBy: string;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The claim's dates must lie in one accounting period (HMRC: one accounting period per claim), the
 * organisation's fiscal year; the claim for it can be made until four years after its last day.
 */
function periodOf(q: TGiftAidPeriodQuery, startMonth: number): Period {
  const fiscalYear = givingYearOf(dayDate(q.from), startMonth);
  if (givingYearOf(dayDate(q.to), startMonth) !== fiscalYear) {
    throw new AppError('UNPROCESSABLE', GIFT_AID_CLAIM_MESSAGES.onePeriod, { to: GIFT_AID_CLAIM_MESSAGES.onePeriod });
  }
  const range = givingYearRange(fiscalYear, startMonth);
  const accountingTo = addDays(isoDay(range.end), -1);
  const claimBy = `${Number(accountingTo.slice(0, 4)) + CLAIM_YEARS}${accountingTo.slice(4)}`;
  return { ...q, fiscalYear, accountingFrom: isoDay(range.start), accountingTo, claimBy };
}

/** Why a gift cannot be claimed, or null when it can; the first reason that applies. */
export function exclusionOf(c: CandidateRow, today: string, claimBy: string): TGiftAidExclusionReason | null {
  if (!c.gift_aid) return 'not_declared';
  if (c.currency !== 'GBP') return 'not_gbp';
  if (c.refunded) return 'refunded';
  if (c.disputed) return 'disputed';
  if (c.claim_reference) return 'already_claimed';
  if (today > claimBy) return 'outside_window';
  if (!c.address?.trim() || !c.postcode?.trim() || !c.declared_name?.trim()) return 'incomplete_declaration';
  return null;
}

const giftOf = (c: CandidateRow): TGiftAidGift => ({
  donation_id: c.donation_id,
  donor_id: c.donor_id,
  donor_name: c.donor_name,
  declared_name: c.declared_name,
  postcode: c.postcode,
  date: c.day,
  amount_minor: c.amount_minor,
  currency: c.currency,
  claim_minor: c.currency === 'GBP' ? giftAidClaimMinor(c.amount_minor) : 0,
});

async function sortedGifts(db: Db, npoId: number, q: TGiftAidPeriodQuery) {
  const { startMonth, zone } = await selectOrganisationGivingYear(db, npoId);
  const period = periodOf(q, startMonth);
  const candidates = await selectCandidates(db, npoId, midnightIn(q.from, zone), midnightIn(addDays(q.to, 1), zone));
  const today = dayIn(new Date(), zone);
  const eligible: TGiftAidGift[] = [];
  const excluded: TGiftAidExclusion[] = [];
  for (const c of candidates) {
    const reason = exclusionOf(c, today, period.claimBy);
    if (reason === null) eligible.push(giftOf(c));
    else excluded.push({ ...giftOf(c), reason, claim_reference: c.claim_reference });
  }
  return { period, eligible, excluded };
}

export async function previewClaim(db: Db, actor: Actor, q: TGiftAidPeriodQuery): Promise<TGiftAidPreview> {
  const { period, eligible, excluded } = await sortedGifts(db, actor.npoId, q);
  const counts: TGiftAidPreview['excluded_counts'] = {};
  for (const e of excluded) counts[e.reason] = (counts[e.reason] ?? 0) + 1;
  return {
    from: q.from,
    to: q.to,
    accounting_period: { from: period.accountingFrom, to: period.accountingTo, claim_by: period.claimBy },
    eligible,
    totals: {
      gifts: eligible.length,
      amount_minor: eligible.reduce((s, g) => s + g.amount_minor, 0),
      claim_minor: eligible.reduce((s, g) => s + g.claim_minor, 0),
    },
    exclusions: excluded.reverse().slice(0, EXCLUSIONS_SHOWN),
    excluded_counts: counts,
    can_claim: (ACCESS.admin as readonly number[]).includes(actor.roleCode),
  };
}

export const toClaim = (r: ClaimRow): TGiftAidClaim => ({
  id: r.id,
  reference: r.reference,
  from: r.period_from,
  to: r.period_to,
  status: r.undone_at ? 'undone' : 'claimed',
  gift_count: r.gift_count,
  amount_minor: r.amount_minor,
  claim_minor: r.claim_minor,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  undone_at: r.undone_at?.toISOString() ?? null,
  undo_reason: r.undo_reason,
});

export async function listClaims(db: Db, npoId: number): Promise<TGiftAidClaim[]> {
  return (await selectClaims(db, npoId)).map(toClaim);
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Claims the period's eligible gifts, which must be the ones the staff reviewed (`donation_ids`).
 * The unique index on open claim gifts decides a race: the second claim of a gift is refused whole.
 */
export async function createClaim(
  db: Db,
  actor: Actor,
  input: Omit<TGiftAidClaimInput, 'reference'> & { reference?: string | undefined },
): Promise<TGiftAidClaim> {
  const { period, eligible } = await sortedGifts(db, actor.npoId, input);
  if (eligible.length === 0) throw new AppError('UNPROCESSABLE', GIFT_AID_CLAIM_MESSAGES.nothing);
  const reviewed = new Set(input.donation_ids);
  if (reviewed.size !== eligible.length || eligible.some((g) => !reviewed.has(g.donation_id))) {
    throw conflict(GIFT_AID_CLAIM_MESSAGES.changed);
  }
  const reference =
    input.reference || `GA-${period.fiscalYear}-${String(await nextClaimNumber(db, actor.npoId)).padStart(3, '0')}`;
  try {
    const id = await db.transaction(async (tx) => {
      const claimId = await insertClaim(tx, {
        npoId: actor.npoId,
        reference,
        from: input.from,
        to: input.to,
        userId: actor.userId,
        gifts: eligible.map((g) => ({
          donationId: g.donation_id,
          amountMinor: g.amount_minor,
          claimMinor: g.claim_minor,
        })),
      });
      await recordAudit(tx, {
        npoId: actor.npoId,
        actorUserId: actor.userId,
        action: 'gift_aid.claimed',
        targetType: 'gift_aid_claim',
        targetId: claimId,
        data: { reference, from: input.from, to: input.to, gifts: eligible.length },
        ip: actor.ip,
      });
      return claimId;
    });
    const saved = await selectClaim(db, actor.npoId, id);
    if (!saved) throw new Error('gift aid claim vanished after insert');
    return toClaim(saved);
  } catch (error) {
    const key = violatedUniqueKey(error);
    if (key === 'gift_aid_claims_reference_uq') throw conflict(GIFT_AID_CLAIM_MESSAGES.reference);
    if (key === 'gift_aid_claim_gifts_active_uq') throw conflict(GIFT_AID_CLAIM_MESSAGES.changed);
    throw error;
  }
}

/** HMRC rejected the claim: its gifts are free to be claimed again; the claim stays, marked undone. */
export async function undoGiftAidClaim(db: Db, actor: Actor, claimId: number, reason: string): Promise<TGiftAidClaim> {
  const found = await selectClaim(db, actor.npoId, claimId);
  if (!found) throw new AppError('NOT_FOUND', GIFT_AID_CLAIM_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    if (!(await undoClaim(tx, actor.npoId, claimId, actor.userId, reason))) {
      throw conflict(GIFT_AID_CLAIM_MESSAGES.alreadyUndone);
    }
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'gift_aid.claim_undone',
      targetType: 'gift_aid_claim',
      targetId: claimId,
      data: { reference: found.reference, reason },
      ip: actor.ip,
    });
  });
  const saved = await selectClaim(db, actor.npoId, claimId);
  if (!saved) throw new AppError('NOT_FOUND', GIFT_AID_CLAIM_MESSAGES.notFound);
  return toClaim(saved);
}

/** The claim's schedule as a file; every download is in the audit log, as the reports' are. */
export async function claimSchedule(
  db: Db,
  actor: Actor,
  claimId: number,
  opts: { format: 'xlsx' | 'csv'; aggregate: boolean },
): Promise<{ body: Buffer; reference: string }> {
  const found = await selectClaim(db, actor.npoId, claimId);
  if (!found) throw new AppError('NOT_FOUND', GIFT_AID_CLAIM_MESSAGES.notFound);
  const gifts = await selectClaimGifts(db, actor.npoId, claimId);
  const lines = scheduleLines(
    gifts.map((g) => ({
      declaredName: g.declared_name,
      address: g.address,
      postcode: g.postcode,
      date: g.day,
      amountMinor: g.amount_minor,
    })),
    opts.aggregate,
  );
  const organisation = (await findNpo(db, actor.npoId))?.name ?? 'Kindling';
  const body = opts.format === 'csv' ? scheduleCsv(lines) : await scheduleXlsx(lines, organisation, found.reference);
  await recordAudit(db, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action: 'gift_aid.schedule_downloaded',
    targetType: 'gift_aid_claim',
    targetId: claimId,
    data: { reference: found.reference, format: opts.format, aggregate: opts.aggregate },
    ip: actor.ip,
  });
  return { body, reference: found.reference };
}
