import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';

/** What recording a gift needs to know about its campaign: parentage, designations, questions. */
export type GiftContext = {
  id: number;
  parentCampaignId: number | null;
  designations: Array<{ id: number; name: string }>;
  questions: Array<{ id: number; content: string }>;
};

/**
 * The organisation's campaign `campaignId` (an SQL expression, so a caller can fold it into its own
 * statement; `npoId` a value or a placeholder) as one JSON object {id, parent_campaign_id, designations, questions}, or NULL when it
 * is not the organisation's.
 */
export function giftContextJson(npoId: unknown, campaignId: SQL): SQL {
  return sql`(SELECT json_build_object(
      'id', c.id, 'parent_campaign_id', c.parent_campaign_id,
      'designations', coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name)) FROM campaign_designations d
                WHERE d.campaign_id = c.id AND d.npo_id = c.npo_id), '[]'),
      'questions', coalesce((SELECT json_agg(json_build_object('id', q.id, 'content', q.content)) FROM campaign_questions q
                WHERE q.campaign_id = c.id AND q.npo_id = c.npo_id), '[]'))
    FROM campaigns c WHERE c.id = ${campaignId} AND c.npo_id = ${npoId}::bigint)`;
}

type GiftContextJson = {
  id: number;
  parent_campaign_id: number | null;
  designations: GiftContext['designations'];
  questions: GiftContext['questions'];
};

/** The JSON of giftContextJson as a GiftContext. */
export function toGiftContext(row: GiftContextJson | null): GiftContext | null {
  if (!row) return null;
  return {
    id: Number(row.id),
    parentCampaignId: row.parent_campaign_id === null ? null : Number(row.parent_campaign_id),
    designations: row.designations,
    questions: row.questions,
  };
}

/** The campaign of the organisation with its designations and questions, in one query; null if not the organisation's. */
export async function findGiftContext(tx: Tx, npoId: number, campaignId: number): Promise<GiftContext | null> {
  const { rows } = await tx.execute<{ context: GiftContextJson | null }>(
    sql`SELECT ${giftContextJson(npoId, sql`${campaignId}`)} AS context`,
  );
  return toGiftContext(rows[0]?.context ?? null);
}
