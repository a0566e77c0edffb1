import type { TDealStage } from '@kindling/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { donorNameSql } from '../donors/index.ts';

export type DealRow = {
  id: number;
  title: string;
  contact_id: number;
  contact_name: string;
  amount_minor: string | number;
  currency: string;
  expected_on: string | null;
  stage: string;
  own_probability: number | null;
  probability: number;
  owner_user_id: number | null;
  owner_name: string | null;
  next_step: string;
  received_minor: string | number;
  updated_at: Date | string;
  position: number;
};

/** The stages as a relation (key, probability) for one statement: the list may be the default one. */
const stagesRelation = (stages: TDealStage[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(stages.map((s) => ({ key: s.key, probability: s.probability })))}::jsonb)
    AS s(key text, probability int)`;

/** Deals with their contact, owner, effective probability and what their linked gifts add up to. */
function dealSelect(stages: TDealStage[], where: SQL, tail: SQL = sql``) {
  return sql`
    SELECT d.id, d.title, d.contact_id, ${donorNameSql('c')} AS contact_name, d.amount_minor, d.currency,
      d.expected_on::text AS expected_on, d.stage, d.probability AS own_probability,
      coalesce(d.probability, s.probability, 0) AS probability, d.owner_user_id,
      CASE WHEN u.id IS NULL THEN NULL ELSE ${donorNameSql('u')} END AS owner_name, d.next_step,
      coalesce((SELECT sum(g.amount_minor) FROM deal_gifts dg JOIN donations g ON g.id = dg.donation_id
        WHERE dg.deal_id = d.id AND g.status = 'succeeded'), 0) AS received_minor,
      d.updated_at, d.position
    FROM deals d
    JOIN donors c ON c.id = d.contact_id
    LEFT JOIN users u ON u.id = d.owner_user_id
    LEFT JOIN ${stagesRelation(stages)} ON s.key = d.stage
    WHERE ${where} ${tail}`;
}

export async function selectDeal(db: Db | Tx, npoId: number, stages: TDealStage[], id: number) {
  const { rows } = await db.execute<DealRow>(dealSelect(stages, sql`d.npo_id = ${npoId} AND d.id = ${id}`));
  return rows[0] ?? null;
}

export async function selectDeals(
  db: Db,
  npoId: number,
  stages: TDealStage[],
  filter: { stage?: string; owner?: number; contactId?: number },
) {
  const where = [sql`d.npo_id = ${npoId}`];
  if (filter.stage) where.push(sql`d.stage = ${filter.stage}`);
  if (filter.owner) where.push(sql`d.owner_user_id = ${filter.owner}`);
  if (filter.contactId) where.push(sql`d.contact_id = ${filter.contactId}`);
  const { rows } = await db.execute<DealRow>(
    dealSelect(stages, sql.join(where, sql` AND `), sql`ORDER BY d.expected_on NULLS LAST, d.id LIMIT 1000`),
  );
  return rows;
}

/**
 * The board: each stage's first `perColumn` deals in their order, with the column's count and its
 * total in `currency`. The ranking reads the (npo_id, stage, position) index only.
 */
export async function selectBoard(db: Db, npoId: number, stages: TDealStage[], currency: string, perColumn: number) {
  const [page, columns] = await Promise.all([
    db.execute<DealRow>(
      dealSelect(
        stages,
        // ARRAY(): the page's ids first (an init plan), so the joins run for those rows only and
        // never as a hash over every donor.
        sql`d.id = ANY(ARRAY(SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY stage ORDER BY position, id) AS rn
          FROM deals WHERE npo_id = ${npoId}) ranked WHERE rn <= ${perColumn}))`,
        sql`ORDER BY d.stage, d.position, d.id`,
      ),
    ),
    db.execute<{ stage: string; count: number; total: string }>(sql`
      SELECT stage, count(*)::int AS count, coalesce(sum(amount_minor) FILTER (WHERE currency = ${currency}), 0) AS total
      FROM deals WHERE npo_id = ${npoId} GROUP BY stage`),
  ]);
  return { deals: page.rows, columns: columns.rows };
}

export type DealValues = {
  contactId: number;
  title: string;
  amountMinor: number;
  currency: string;
  expectedOn: string | null;
  stage: string;
  probability: number | null;
  ownerUserId: number | null;
  nextStep: string;
};

const lastPosition = (npoId: number, stage: string) =>
  sql`(SELECT coalesce(max(position), 0) + 1 FROM deals WHERE npo_id = ${npoId} AND stage = ${stage})`;

export async function insertDeal(tx: Tx, npoId: number, v: DealValues): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO deals (npo_id, contact_id, title, amount_minor, currency, expected_on, stage, probability,
      owner_user_id, next_step, position)
    VALUES (${npoId}, ${v.contactId}, ${v.title}, ${v.amountMinor}, ${v.currency}, ${v.expectedOn}, ${v.stage},
      ${v.probability}, ${v.ownerUserId}, ${v.nextStep}, ${lastPosition(npoId, v.stage)})
    RETURNING id`);
  return Number(rows[0]?.id);
}

export async function updateDeal(tx: Tx, npoId: number, id: number, v: DealValues, stageChanged: boolean) {
  await tx.execute(sql`
    UPDATE deals SET contact_id = ${v.contactId}, title = ${v.title}, amount_minor = ${v.amountMinor},
      currency = ${v.currency}, expected_on = ${v.expectedOn}, stage = ${v.stage}, probability = ${v.probability},
      owner_user_id = ${v.ownerUserId}, next_step = ${v.nextStep},
      position = ${stageChanged ? lastPosition(npoId, v.stage) : sql`position`}, updated_at = now()
    WHERE id = ${id} AND npo_id = ${npoId}`);
}

/** The row locked for a change; null when it is not the organisation's. */
export async function lockDeal(tx: Tx, npoId: number, id: number) {
  const { rows } = await tx.execute<{
    id: number;
    stage: string;
    contact_id: number;
    currency: string;
    probability: number | null;
  }>(sql`
    SELECT id, stage, contact_id, currency, probability FROM deals WHERE id = ${id} AND npo_id = ${npoId} FOR UPDATE`);
  return rows[0] ?? null;
}

/**
 * Puts the deal in `stage` just before `beforeId` (last when null or not in that column), halfway
 * between its new neighbours. A move to another stage drops the deal's own probability.
 */
export async function moveDeal(
  tx: Tx,
  npoId: number,
  id: number,
  stage: string,
  beforeId: number | null,
  keepProbability: boolean,
) {
  const position = beforeId
    ? sql`coalesce((
        SELECT (b.position + coalesce((SELECT max(p.position) FROM deals p WHERE p.npo_id = ${npoId} AND p.stage = ${stage}
          AND p.position < b.position AND p.id <> ${id}), b.position - 1)) / 2
        FROM deals b WHERE b.id = ${beforeId} AND b.npo_id = ${npoId} AND b.stage = ${stage} AND b.id <> ${id}),
        ${lastPosition(npoId, stage)})`
    : lastPosition(npoId, stage);
  await tx.execute(sql`
    UPDATE deals SET stage = ${stage}, position = ${position},
      probability = ${keepProbability ? sql`probability` : sql`NULL`}, updated_at = now()
    WHERE id = ${id} AND npo_id = ${npoId}`);
}

export async function deleteDeal(tx: Tx, npoId: number, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`DELETE FROM deals WHERE id = ${id} AND npo_id = ${npoId} RETURNING id`);
  return rows.length > 0;
}

type FigureRow = {
  key: string | null;
  name: string | null;
  currency: string;
  amount: string;
  weighted: string;
  count: number;
};

/** Open deals' amounts and weighted amounts (each deal's rounded to a minor unit) by `group`. */
async function pipelineBy(db: Db, npoId: number, stages: TDealStage[], group: 'month' | 'owner') {
  const key = group === 'month' ? sql`to_char(d.expected_on, 'YYYY-MM')` : sql`d.owner_user_id::text`;
  const name =
    group === 'month' ? sql`NULL::text` : sql`max(CASE WHEN u.id IS NULL THEN NULL ELSE ${donorNameSql('u')} END)`;
  const { rows } = await db.execute<FigureRow>(sql`
    SELECT ${key} AS key, ${name} AS name, d.currency, sum(d.amount_minor) AS amount,
      sum(round(d.amount_minor * coalesce(d.probability, s.probability, 0) / 100.0)) AS weighted, count(*)::int AS count
    FROM deals d
    LEFT JOIN users u ON u.id = d.owner_user_id
    LEFT JOIN ${stagesRelation(stages)} ON s.key = d.stage
    WHERE d.npo_id = ${npoId} AND d.stage NOT IN ('won', 'lost')
    GROUP BY 1, d.currency ORDER BY 1 NULLS LAST, d.currency`);
  return rows;
}

export async function selectPipeline(db: Db, npoId: number, stages: TDealStage[]) {
  const [byMonth, byOwner] = await Promise.all([
    pipelineBy(db, npoId, stages, 'month'),
    pipelineBy(db, npoId, stages, 'owner'),
  ]);
  return { byMonth, byOwner };
}

export type GiftRow = {
  donation_id: number;
  amount_minor: string;
  currency: string;
  received_at: Date | string;
  linked: boolean;
};

/** The contact's received gifts: the ones linked to this deal, and the ones no deal has yet. */
export async function selectDealGifts(db: Db | Tx, dealId: number, contactId: number) {
  const { rows } = await db.execute<GiftRow>(sql`
    SELECT g.id AS donation_id, g.amount_minor, g.currency, g.created_at AS received_at, (dg.deal_id IS NOT NULL) AS linked
    FROM donations g LEFT JOIN deal_gifts dg ON dg.donation_id = g.id
    WHERE g.donor_id = ${contactId} AND g.status = 'succeeded' AND (dg.deal_id IS NULL OR dg.deal_id = ${dealId})
    ORDER BY g.created_at DESC LIMIT 200`);
  return rows;
}

export async function selectDonation(tx: Tx, npoId: number, donationId: number) {
  const { rows } = await tx.execute<{ donor_id: number; currency: string; status: string; deal_id: number | null }>(sql`
    SELECT g.donor_id, g.currency, g.status, dg.deal_id FROM donations g LEFT JOIN deal_gifts dg ON dg.donation_id = g.id
    WHERE g.id = ${donationId} AND g.npo_id = ${npoId}`);
  return rows[0] ?? null;
}

export async function linkGift(tx: Tx, dealId: number, donationId: number) {
  await tx.execute(
    sql`INSERT INTO deal_gifts (deal_id, donation_id) VALUES (${dealId}, ${donationId}) ON CONFLICT DO NOTHING`,
  );
}

export async function unlinkGift(tx: Tx, dealId: number, donationId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    DELETE FROM deal_gifts WHERE deal_id = ${dealId} AND donation_id = ${donationId} RETURNING deal_id`);
  return rows.length > 0;
}

/** The contact's name when it is one of the organisation's contacts. */
export async function contactName(db: Db | Tx, npoId: number, contactId: number): Promise<string | null> {
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT ${donorNameSql('c')} AS name FROM donors c WHERE c.id = ${contactId} AND c.npo_id = ${npoId}`);
  return rows[0]?.name ?? null;
}
