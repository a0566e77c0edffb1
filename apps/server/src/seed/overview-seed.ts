// The demo's saved home dashboard (docs/product/overview.md#dashboard-settings): the manager of
// Riverside Food Bank chose fewer cards, two charts and six months; everyone else sees the defaults.
import type { TDashboardSettings } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { dashboardSettings } from '../modules/overview/index.ts';
import { users } from '../modules/users/index.ts';
import type { Db } from '../platform/db/client.ts';

export const DEMO_DASHBOARD_USER = 'manager@kindling.test';
export const DEMO_DASHBOARD_SETTINGS: TDashboardSettings = {
  cards: ['total_raised', 'raised_this_month', 'donors', 'recurring_donors', 'monthly_goal', 'recent_donations'],
  charts: ['raised_over_time', 'by_method'],
  period_months: 6,
};

/** Saved once: running the seed again keeps whatever the manager changed since. */
export async function seedDashboardSettings(db: Db, npoIds: Map<string, number>): Promise<void> {
  const npoId = npoIds.get('riverside-food-bank');
  const user = await db.query.users.findFirst({ where: sql`lower(${users.email}) = ${DEMO_DASHBOARD_USER}` });
  if (!npoId || !user) return;
  const { cards, charts, period_months: periodMonths } = DEMO_DASHBOARD_SETTINGS;
  await db
    .insert(dashboardSettings)
    .values({ userId: user.id, npoId, cards, charts, periodMonths })
    .onConflictDoNothing();
}
