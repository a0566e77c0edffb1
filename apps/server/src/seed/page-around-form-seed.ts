import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

// The page around the form in the demo (docs/product/campaigns.md#goal-and-days-left): the Spring
// Appeal gets an end date, so its page shows days left, and a short custom script (decision 036)
// that marks the page once the form has loaded. Its donor wall shows the seeded gifts' mixed
// choices (campaigns-seed.ts); Team Sam's page has its own goal there too. Only campaigns still
// without an end date or script are touched, so a second run, or staff's own edits, stay.

const DAYS_LEFT = 18;
const DEMO_SCRIPT =
  "// Runs once the donation form has loaded (Custom JS).\ndocument.documentElement.dataset.demoScript = 'loaded';";

export async function seedPageAroundForm(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  if (!npoId) return;
  await db.execute(sql`
    UPDATE campaigns SET ends_at = now() + make_interval(days => ${DAYS_LEFT})
    WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal' AND ends_at IS NULL`);
  await db.execute(sql`
    UPDATE campaigns SET custom_js = ${DEMO_SCRIPT}
    WHERE npo_id = ${npoId} AND campaign_url = 'spring-appeal' AND custom_js = ''`);
}
