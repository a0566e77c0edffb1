// The demo's own knowledge-base article (docs/product/knowledge-base.md): one written by Riverside Food Bank
// beside Kindling's built-in ones. Added once: an organisation that already has articles keeps its own.
import { sql } from 'drizzle-orm';
import { sanitiseDescription } from '../modules/campaigns/index.ts';
import { addKnowledgeArticle } from '../modules/knowledge-base/index.ts';
import type { Db } from '../platform/db/client.ts';

export const DEMO_ARTICLE_TITLE = 'Thanking a first-time donor';

const BODY =
  '<p>Every first gift gets a personal thank-you within 48 hours, on top of the automatic receipt.</p>' +
  '<h3>Who calls</h3>' +
  '<p>The contact&#39;s owner calls; if nobody owns the contact, the volunteer coordinator does. ' +
  'Create a task on the contact so the call is not forgotten.</p>' +
  '<h3>What to say</h3>' +
  '<ul><li>Thank them by name and mention the campaign they gave to.</li>' +
  '<li>Tell them what their gift pays for: 25 USD feeds a family for a week.</li>' +
  '<li>Ask whether they would like to volunteer at the Saturday pantry.</li></ul>' +
  '<p>Log the call under the contact&#39;s communications when you are done.</p>';

export async function seedKnowledgeBase(db: Db, npoIds: Map<string, number>, adminId: number | null): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  const { rows } = await db.execute(sql`SELECT 1 FROM knowledge_articles WHERE npo_id = ${npoId} LIMIT 1`);
  if (rows.length > 0) return;
  await addKnowledgeArticle(db, npoId, {
    title: DEMO_ARTICLE_TITLE,
    bodyHtml: sanitiseDescription(BODY),
    authorUserId: adminId,
  });
}
