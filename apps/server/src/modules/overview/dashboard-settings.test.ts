// What the home dashboard shows, saved per user and organisation: defaults until saved, validated
// on save, and never shared with another user or another organisation.
import { DEFAULT_DASHBOARD_SETTINGS, ZDashboardSettingsResponse, ZHomeAnalysis } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { DEMO_DASHBOARD_SETTINGS, DEMO_DASHBOARD_USER } from '../../seed/overview-seed.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const SETTINGS = '/api/v1/npo_admin/dashboard_settings';
const MINE = { cards: ['donors', 'total_raised'], charts: ['by_method'], period_months: 6 };

describe('/npo_admin/dashboard_settings', () => {
  const ctx = useTestApp();
  let staff: TestClient;
  beforeAll(async () => {
    staff = await signedIn(ctx, 'staff@kindling.test');
  });
  const stored = async () =>
    (
      await ctx.db.execute(sql`SELECT user_id, npo_id, cards, charts, period_months FROM dashboard_settings
        ORDER BY user_id, npo_id`)
    ).rows;

  it('answers 401 without a session and 403 to a fundraiser', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(SETTINGS)).statusCode).toBe(401);
    expect((await anonymous.put(SETTINGS, MINE)).statusCode).toBe(401);
    const fundraiser = await signedIn(ctx, 'fundraiser@kindling.test');
    expect((await fundraiser.get(SETTINGS)).statusCode).toBe(403);
    expect((await fundraiser.put(SETTINGS, MINE)).statusCode).toBe(403);
  });

  it('shows the demo manager the settings the demo saved', async () => {
    const manager = await signedIn(ctx, DEMO_DASHBOARD_USER);
    const mine = ZDashboardSettingsResponse.parse((await manager.get(SETTINGS)).json());
    expect(mine).toMatchObject({ settings: DEMO_DASHBOARD_SETTINGS, saved: true });
  });

  it('gives the defaults until the user saves, then what they saved, to them alone', async () => {
    const rowsBefore = (await stored()).length;
    const before = ZDashboardSettingsResponse.parse((await staff.get(SETTINGS)).json());
    expect(before).toEqual({ settings: DEFAULT_DASHBOARD_SETTINGS, saved: false, updated_at: null });

    const saved = await staff.put(SETTINGS, MINE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ settings: MINE, saved: true });
    expect(ZDashboardSettingsResponse.parse((await staff.get(SETTINGS)).json()).settings).toEqual(MINE);

    const again = await staff.put(SETTINGS, { ...MINE, period_months: 24 });
    expect(again.json().settings.period_months).toBe(24);
    expect(await stored()).toHaveLength(rowsBefore + 1);

    const finance = await signedIn(ctx, 'finance@kindling.test');
    expect(ZDashboardSettingsResponse.parse((await finance.get(SETTINGS)).json()).saved).toBe(false);
    const outsider = await outsiderOrganisation(ctx, 'settings-outsider@example.org', 'Settings Outsider Trust');
    expect(ZDashboardSettingsResponse.parse((await outsider.client.get(SETTINGS)).json()).saved).toBe(false);
  });

  it('refuses unknown cards, charts, periods and repeats with field messages, changing nothing', async () => {
    const before = await stored();
    const bad = await staff.put(SETTINGS, { cards: ['donors', 'weather'], charts: ['pie'], period_months: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'cards.1': 'Choose cards from the list.',
      'charts.0': 'Choose charts from the list.',
      period_months: 'Choose a period of 3, 6, 12 or 24 months.',
    });
    const repeated = await staff.put(SETTINGS, { cards: ['donors', 'donors'], charts: [], period_months: 3 });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().fields).toMatchObject({ cards: 'Each item can be chosen once.' });
    expect(await stored()).toEqual(before);
  });

  it('lets the home charts cover the chosen number of months', async () => {
    const three = ZHomeAnalysis.parse((await staff.get('/api/v1/npo_admin/analysis/home?months=3')).json());
    expect(three.raised_by_month).toHaveLength(3);
    const twelve = ZHomeAnalysis.parse((await staff.get('/api/v1/npo_admin/analysis/home')).json());
    expect(twelve.raised_by_month).toHaveLength(12);
    const bad = await staff.get('/api/v1/npo_admin/analysis/home?months=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ months: 'Choose a period of 3, 6, 12 or 24 months.' });
  });
});
