// What one user's home dashboard shows in one organisation (docs/product/overview.md#dashboard-settings).
import {
  DEFAULT_DASHBOARD_SETTINGS,
  HOME_CARDS,
  HOME_CHARTS,
  HOME_PERIODS,
  type TDashboardSettings,
  type TDashboardSettingsResponse,
} from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { dashboardSettings } from './dashboard-settings.tables.ts';

type Key = { userId: number; npoId: number };
type Row = typeof dashboardSettings.$inferSelect;

/** Stored lists keep their order; a name a later version dropped is left out rather than failing the page. */
function toResponse(row: Row | undefined): TDashboardSettingsResponse {
  if (!row) return { settings: DEFAULT_DASHBOARD_SETTINGS, saved: false, updated_at: null };
  const known = <T extends string>(list: readonly T[], stored: string[]) =>
    stored.filter((s): s is T => (list as readonly string[]).includes(s));
  const period = (HOME_PERIODS as readonly number[]).includes(row.periodMonths)
    ? (row.periodMonths as TDashboardSettings['period_months'])
    : DEFAULT_DASHBOARD_SETTINGS.period_months;
  return {
    settings: { cards: known(HOME_CARDS, row.cards), charts: known(HOME_CHARTS, row.charts), period_months: period },
    saved: true,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getDashboardSettings(db: Tx, key: Key): Promise<TDashboardSettingsResponse> {
  const [row] = await db
    .select()
    .from(dashboardSettings)
    .where(and(eq(dashboardSettings.userId, key.userId), eq(dashboardSettings.npoId, key.npoId)));
  return toResponse(row);
}

export async function saveDashboardSettings(
  db: Tx,
  key: Key,
  settings: TDashboardSettings,
): Promise<TDashboardSettingsResponse> {
  const values = { cards: settings.cards, charts: settings.charts, periodMonths: settings.period_months };
  const [row] = await db
    .insert(dashboardSettings)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [dashboardSettings.userId, dashboardSettings.npoId],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return toResponse(row);
}
