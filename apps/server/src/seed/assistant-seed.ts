// a22: the insights assistant's demo (docs/product/insights.md#assistant): a few recent questions the
// demo admin asked at Riverside Food Bank, so the panel's Recent tab is not empty after `npm start`.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

const QUESTIONS = [
  'Which donors gave over $100 last month?',
  'Compare the Winter Warmth Appeal with my other campaigns this year',
  'Forecast donations for next quarter',
  'Show failed payments in the last 90 days',
];

export async function seedAssistantQueries(db: Db, npoIds: Map<string, number>): Promise<void> {
  const riverside = npoIds.get('riverside-food-bank');
  if (!riverside) return;
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE lower(email) = 'admin@kindling.test'`,
  );
  const admin = rows[0]?.id;
  if (!admin) return;
  const existing = await db.execute(
    sql`SELECT 1 FROM ai_user_queries WHERE npo_id = ${riverside} AND user_id = ${admin} LIMIT 1`,
  );
  if (existing.rows.length) return;
  for (const [i, query] of QUESTIONS.entries()) {
    await db.execute(sql`
      INSERT INTO ai_user_queries (npo_id, user_id, query, queried_at)
      VALUES (${riverside}, ${admin}, ${query}, now() - ${`${(QUESTIONS.length - i) * 3} hours`}::interval)`);
  }
}
