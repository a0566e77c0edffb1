import { sql } from 'drizzle-orm';
import type { Tx } from '../donations/tx.ts';

/** What recording a gift needs to know about its campaign: parentage, designations, questions. */
export type GiftContext = {
  id: number;
  parentCampaignId: number | null;
  designations: Array<{ id: number; name: string }>;
  questions: Array<{ id: number; content: string }>;
};

/** The campaign of the organisation with its designations and questions, in one query; null if not the organisation's. */
export async function findGiftContext(tx: Tx, npoId: number, campaignId: number): Promise<GiftContext | null> {
  const { rows } = await tx.execute<{
    id: number;
    parent_campaign_id: number | null;
    designations: GiftContext['designations'];
    questions: GiftContext['questions'];
  }>(sql`
    SELECT c.id, c.parent_campaign_id,
      coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name)) FROM campaign_designations d
                WHERE d.campaign_id = c.id AND d.npo_id = c.npo_id), '[]') AS designations,
      coalesce((SELECT json_agg(json_build_object('id', q.id, 'content', q.content)) FROM campaign_questions q
                WHERE q.campaign_id = c.id AND q.npo_id = c.npo_id), '[]') AS questions
    FROM campaigns c WHERE c.id = ${campaignId} AND c.npo_id = ${npoId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    parentCampaignId: row.parent_campaign_id === null ? null : Number(row.parent_campaign_id),
    designations: row.designations,
    questions: row.questions,
  };
}
