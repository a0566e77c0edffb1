import { ACCESS, CLOSED_DEAL_STAGES, DEAL_MESSAGES, DEFAULT_DEAL_STAGES, type TDealStage } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { arrayParam } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };

/** The organisation's stages in board order; the default list until it saves its own. */
export async function stagesOf(db: Db | Tx, npoId: number): Promise<TDealStage[]> {
  const { rows } = await db.execute<TDealStage>(sql`
    SELECT key, label, probability FROM deal_stages WHERE npo_id = ${npoId} ORDER BY position, key`);
  return rows.length > 0 ? rows.map((r) => ({ ...r, probability: Number(r.probability) })) : [...DEFAULT_DEAL_STAGES];
}

export const isClosedStage = (key: string) => (CLOSED_DEAL_STAGES as readonly string[]).includes(key);

/** The stage of `key`, or a 400 naming the field. */
export async function stageOf(db: Db | Tx, npoId: number, key: string, field = 'stage'): Promise<TDealStage> {
  const stage = (await stagesOf(db, npoId)).find((s) => s.key === key);
  if (!stage) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.stage, { [field]: DEAL_MESSAGES.stage });
  return stage;
}

/** Members who may own a deal or be given a task: the dashboard's roles, not suspended. */
export async function selectStaff(db: Db | Tx, npoId: number): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS name
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.npo_id = ${npoId} AND m.suspended_at IS NULL AND m.role_code = ANY(${arrayParam(ACCESS.dashboard)}::int[])
    ORDER BY lower(u.first_name), lower(u.last_name), u.id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** A 400 on `field` unless `userId` is one of the organisation's staff. */
export async function checkStaff(db: Db | Tx, npoId: number, userId: number, field: string, message: string) {
  if (!(await selectStaff(db, npoId)).some((m) => m.id === userId))
    throw new AppError('VALIDATION_FAILED', message, { [field]: message });
}

/**
 * Replaces the organisation's stages. Won and Lost stay (they close a deal); a stage that still
 * holds deals cannot go.
 */
export async function saveStages(db: Db, actor: Actor, stages: TDealStage[]): Promise<void> {
  const keys = stages.map((s) => s.key);
  if (new Set(keys).size !== keys.length) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.stageDuplicate);
  if (!CLOSED_DEAL_STAGES.every((k) => keys.includes(k)))
    throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.stagesClosed, { stages: DEAL_MESSAGES.stagesClosed });
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ stage: string }>(sql`
      SELECT DISTINCT stage FROM deals WHERE npo_id = ${actor.npoId} AND NOT (stage = ANY(${arrayParam(keys)}::text[]))`);
    if (rows.length > 0) throw new AppError('CONFLICT', DEAL_MESSAGES.stageInUse, { stages: DEAL_MESSAGES.stageInUse });
    const before = await stagesOf(tx, actor.npoId);
    await tx.execute(sql`DELETE FROM deal_stages WHERE npo_id = ${actor.npoId}`);
    for (const [position, s] of stages.entries()) {
      await tx.execute(sql`
        INSERT INTO deal_stages (npo_id, key, label, probability, position)
        VALUES (${actor.npoId}, ${s.key}, ${s.label}, ${s.probability}, ${position})`);
    }
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'deal_stages.changed',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { before, after: stages },
      ip: actor.ip,
    });
  });
}
