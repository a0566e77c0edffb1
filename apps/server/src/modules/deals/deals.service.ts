import {
  DEAL_MESSAGES,
  type TDeal,
  type TDealBoard,
  type TDealRecord,
  type TDealStage,
  type TPipelineFigures,
  type ZDealInput,
  type ZDealMove,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { type Actor, checkStaff, isClosedStage, stageOf, stagesOf } from './deal-stages.ts';
import {
  contactName,
  type DealRow,
  deleteDeal,
  insertDeal,
  linkGift,
  lockDeal,
  moveDeal,
  selectBoard,
  selectDeal,
  selectDealGifts,
  selectDeals,
  selectDonation,
  selectPipeline,
  unlinkGift,
  updateDeal,
} from './deals.repository.ts';

type DealInput = z.output<typeof ZDealInput>;
type DealMove = z.output<typeof ZDealMove>;

/** Each column of the board shows this many deals; its count and total cover them all. */
export const BOARD_COLUMN_SIZE = 50;

export const dealNotFound = () => new AppError('NOT_FOUND', DEAL_MESSAGES.notFound);
const iso = (v: Date | string) => new Date(v).toISOString();

export async function organisationCurrency(db: Db | Tx, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ c: string }>(sql`SELECT base_currency AS c FROM npos WHERE id = ${npoId}`);
  return rows[0]?.c ?? 'USD';
}

export function dealOf(r: DealRow): TDeal {
  const amount = Number(r.amount_minor);
  const probability = Number(r.probability);
  return {
    id: Number(r.id),
    title: r.title,
    contact: { id: Number(r.contact_id), name: r.contact_name },
    amount_minor: amount,
    currency: r.currency,
    expected_on: r.expected_on,
    stage: r.stage,
    probability,
    probability_overridden: r.own_probability !== null,
    weighted_minor: Math.round((amount * probability) / 100),
    owner: r.owner_user_id == null ? null : { id: Number(r.owner_user_id), name: r.owner_name ?? '' },
    next_step: r.next_step,
    received_minor: Number(r.received_minor),
    updated_at: iso(r.updated_at),
  };
}

export async function getBoard(db: Db, npoId: number): Promise<TDealBoard> {
  const [stages, currency] = await Promise.all([stagesOf(db, npoId), organisationCurrency(db, npoId)]);
  const board = await selectBoard(db, npoId, stages, currency, BOARD_COLUMN_SIZE);
  return {
    currency,
    columns: stages.map((s) => {
      const column = board.columns.find((c) => c.stage === s.key);
      return {
        ...s,
        count: Number(column?.count ?? 0),
        total_minor: Number(column?.total ?? 0),
        deals: board.deals.filter((d) => d.stage === s.key).map(dealOf),
      };
    }),
  };
}

export async function listDeals(db: Db, npoId: number, filter: { stage?: string; owner?: number; contactId?: number }) {
  const stages = await stagesOf(db, npoId);
  return { deals: (await selectDeals(db, npoId, stages, filter)).map(dealOf) };
}

export async function getDeal(db: Db | Tx, npoId: number, id: number): Promise<TDealRecord> {
  const row = await selectDeal(db, npoId, await stagesOf(db, npoId), id);
  if (!row) throw dealNotFound();
  const gifts = await selectDealGifts(db, id, Number(row.contact_id));
  return {
    ...dealOf(row),
    gifts: gifts.map((g) => ({
      donation_id: Number(g.donation_id),
      amount_minor: Number(g.amount_minor),
      currency: g.currency,
      received_at: iso(g.received_at),
      linked: g.linked,
    })),
  };
}

export async function getPipeline(db: Db, npoId: number): Promise<TPipelineFigures> {
  const { byMonth, byOwner } = await selectPipeline(db, npoId, await stagesOf(db, npoId));
  const figures = (r: (typeof byMonth)[number]) => ({
    currency: r.currency,
    amount_minor: Number(r.amount),
    weighted_minor: Number(r.weighted),
    count: Number(r.count),
  });
  const totals = new Map<string, ReturnType<typeof figures>>();
  for (const r of byMonth) {
    const t = totals.get(r.currency) ?? { currency: r.currency, amount_minor: 0, weighted_minor: 0, count: 0 };
    const f = figures(r);
    totals.set(r.currency, {
      ...t,
      amount_minor: t.amount_minor + f.amount_minor,
      weighted_minor: t.weighted_minor + f.weighted_minor,
      count: t.count + f.count,
    });
  }
  return {
    by_month: byMonth.map((r) => ({ month: r.key, ...figures(r) })),
    by_owner: byOwner.map((r) => ({
      owner: r.key === null ? null : { id: Number(r.key), name: r.name ?? '' },
      ...figures(r),
    })),
    total: [...totals.values()],
  };
}

/** Contact, stage and owner checked against the organisation's; the first problem answers. */
async function valuesOf(tx: Tx, npoId: number, input: DealInput) {
  if ((await contactName(tx, npoId, input.contact_id)) === null)
    throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.contactNotFound, {
      contact_id: DEAL_MESSAGES.contactNotFound,
    });
  await stageOf(tx, npoId, input.stage);
  if (input.owner_user_id !== null)
    await checkStaff(tx, npoId, input.owner_user_id, 'owner_user_id', DEAL_MESSAGES.owner);
  return {
    contactId: input.contact_id,
    title: input.title,
    amountMinor: input.amount_minor,
    currency: input.currency ?? (await organisationCurrency(tx, npoId)),
    expectedOn: input.expected_on,
    stage: input.stage,
    probability: input.probability,
    ownerUserId: input.owner_user_id,
    nextStep: input.next_step,
  };
}

const audit = (tx: Tx, actor: Actor, action: string, id: number, data: Record<string, unknown>) =>
  recordAudit(tx, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action,
    targetType: 'deal',
    targetId: id,
    data,
    ip: actor.ip,
  });

export async function createDeal(db: Db, actor: Actor, input: DealInput): Promise<number> {
  return db.transaction(async (tx) => {
    const values = await valuesOf(tx, actor.npoId, input);
    const id = await insertDeal(tx, actor.npoId, values);
    await audit(tx, actor, 'deal.created', id, { stage: values.stage, amount_minor: values.amountMinor });
    return id;
  });
}

export async function changeDeal(db: Db, actor: Actor, id: number, input: DealInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, actor.npoId, id);
    if (!before) throw dealNotFound();
    const values = await valuesOf(tx, actor.npoId, input);
    await updateDeal(tx, actor.npoId, id, values, before.stage !== values.stage);
    await audit(tx, actor, before.stage === values.stage ? 'deal.updated' : 'deal.moved', id, {
      from: before.stage,
      to: values.stage,
    });
  });
}

/** A kanban move (drag and drop or keyboard): audited with the stage it left. */
export async function moveDealTo(db: Db, actor: Actor, id: number, move: DealMove): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, actor.npoId, id);
    if (!before) throw dealNotFound();
    await stageOf(tx, actor.npoId, move.stage);
    await moveDeal(tx, actor.npoId, id, move.stage, move.before_id, before.stage === move.stage);
    await audit(tx, actor, 'deal.moved', id, { from: before.stage, to: move.stage });
  });
}

export async function removeDeal(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectDeal(tx, actor.npoId, await stagesOf(tx, actor.npoId), id);
    if (!before || !(await deleteDeal(tx, actor.npoId, id))) throw dealNotFound();
    await audit(tx, actor, 'deal.deleted', id, { before: { ...before, updated_at: iso(before.updated_at) } });
  });
}

/**
 * Links a received gift of the deal's contact as fulfilling it (pledged against received). Another
 * organisation's gift is 404; another contact's, another currency's or one fulfilling another deal
 * is refused with the reason.
 */
export async function linkDealGift(db: Db, actor: Actor, id: number, donationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deal = await lockDeal(tx, actor.npoId, id);
    if (!deal) throw dealNotFound();
    const gift = await selectDonation(tx, actor.npoId, donationId);
    if (!gift) throw new AppError('NOT_FOUND', DEAL_MESSAGES.giftNotFound);
    const refuse = (message: string) => new AppError('UNPROCESSABLE', message, { donation_id: message });
    if (deal.stage !== 'pledged' && deal.stage !== 'won') throw refuse(DEAL_MESSAGES.giftNotPledged);
    if (Number(gift.donor_id) !== Number(deal.contact_id)) throw refuse(DEAL_MESSAGES.giftOtherContact);
    if (gift.status !== 'succeeded') throw refuse(DEAL_MESSAGES.giftNotReceived);
    if (gift.currency !== deal.currency) throw refuse(DEAL_MESSAGES.giftCurrency);
    if (gift.deal_id !== null && Number(gift.deal_id) !== id) throw new AppError('CONFLICT', DEAL_MESSAGES.giftTaken);
    await linkGift(tx, id, donationId);
    await audit(tx, actor, 'deal.gift_linked', id, { donation_id: donationId });
  });
}

export async function unlinkDealGift(db: Db, actor: Actor, id: number, donationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockDeal(tx, actor.npoId, id))) throw dealNotFound();
    if (!(await unlinkGift(tx, id, donationId))) throw new AppError('NOT_FOUND', DEAL_MESSAGES.giftNotFound);
    await audit(tx, actor, 'deal.gift_unlinked', id, { donation_id: donationId });
  });
}

/** A deal of the organisation, for a task's link: its title, or null. */
export async function dealTitle(db: Db | Tx, npoId: number, id: number): Promise<string | null> {
  const { rows } = await db.execute<{ title: string }>(
    sql`SELECT title FROM deals WHERE id = ${id} AND npo_id = ${npoId}`,
  );
  return rows[0]?.title ?? null;
}

export type { Actor, TDealStage };
export { isClosedStage };
