import type { TMembershipDetail, TMembershipFigures, TMembershipRow } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MembershipPage } from './MembershipPage.tsx';

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const FIGURES: TMembershipFigures = {
  currency: 'USD',
  trends: {
    months: MONTHS.map((month, i) => ({
      month,
      members_by_tier: [
        { tier_id: 1, members: 10 + i },
        { tier_id: 2, members: 12 },
      ],
      new: i === 11 ? 3 : 1,
      renewed: i === 11 ? 4 : 0,
      lapsed: i === 11 ? 2 : 0,
      revenue_minor: i === 11 ? 45000 : 6000,
    })),
    renewal_rate_percent: 67,
    upcoming_renewals: [
      { month: '2026-11', automatic: 2, manual: 3, amount_minor: 30000 },
      { month: '2026-12', automatic: 1, manual: 0, amount_minor: 6000 },
      { month: '2027-01', automatic: 0, manual: 0, amount_minor: 0 },
    ],
  },
  active_by_tier: [
    { tier_id: 1, tier: 'Individual', active: 15 },
    { tier_id: 2, tier: 'Household', active: 18 },
  ],
  new_last_30_days: 3,
  lapsed_last_30_days: 1,
  in_grace: 2,
  expiring_within_30_days: 4,
  revenue_last_365_days_minor: 120000,
};
const ROW: TMembershipRow = {
  id: 7,
  members: [{ name: 'Ada Alvarez', email: 'ada@example.org' }],
  tier_id: 1,
  tier: 'Individual',
  status: 'active',
  renewal: 'manual',
  joined_at: '2025-11-09T15:00:00.000Z',
  period_start: '2026-01-01T05:00:00.000Z',
  period_end: '2027-01-01T05:00:00.000Z',
  donor_id: null,
  plan_id: null,
};
const DETAIL: TMembershipDetail = { ...ROW, currency: 'USD', price_minor: 6000, payments: [], history: [] };

const render = () =>
  renderRoutes([{ path: '/dashboard/membership', element: <MembershipPage /> }], {
    initialEntries: ['/dashboard/membership'],
    session: signedInSession(5150),
  });

// mem19c: the members list's filters and the member page's tier change (docs/decisions/064-member-cards.md).
describe('membership page', () => {
  it('sends the chosen status filter to the list, and changes a member’s tier at once with its payment request', async () => {
    const stub = stubFetch({
      'GET /npo_admin/membership/figures': { body: FIGURES },
      'GET /npo_admin/memberships': { body: { memberships: [ROW], total: 1, page: 1, per_page: 50 } },
      'GET /npo_admin/memberships/7': { body: DETAIL },
      'GET /npo_admin/membership/campaigns': { body: { campaigns: [] } },
      'POST /npo_admin/memberships/7/change_tier': {
        body: {
          membership: { ...DETAIL, tier_id: 2, tier: 'Household', price_minor: 10000 },
          prorated_minor: 3210,
          payment_request_id: 55,
        },
      },
    });
    render();
    const user = userEvent.setup();
    const row = await screen.findByRole('button', { name: 'Ada Alvarez' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'In grace' }));
    await waitFor(() =>
      expect(stub.callsTo('GET', '/npo_admin/memberships').some((c) => c.query.get('status') === 'in_grace')).toBe(
        true,
      ),
    );

    await user.click(row);
    const drawer = await screen.findByRole('dialog', { name: 'Membership' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Change tier' }));
    await user.click(await screen.findByRole('option', { name: 'Household' }));
    expect(screen.queryByRole('option', { name: 'Individual' })).toBeNull();
    await user.click(within(drawer).getByRole('radio', { name: 'At once, with a prorated charge' }));
    await user.click(within(drawer).getByRole('button', { name: 'Change tier' }));
    expect(
      await within(drawer).findByText(
        /Moved to Household\. Prorated difference for the rest of the period: \$32\.10\./,
      ),
    ).toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/memberships/7/change_tier')[0]?.body).toEqual({ tier_id: 2, when: 'now' });
    expect(within(drawer).getByRole('link', { name: 'Open the payment request asking for it' })).toHaveAttribute(
      'href',
      '/dashboard/payment-requests/55',
    );
  }, 60_000);

  // m19: figures over time, each chart's figures readable as a table (docs/decisions/082-membership-welcome-and-figures.md).
  it('shows the figures over time with tables a screen reader reads, the renewal rate and upcoming renewals', async () => {
    stubFetch({
      'GET /npo_admin/membership/figures': { body: FIGURES },
      'GET /npo_admin/memberships': { body: { memberships: [ROW], total: 1, page: 1, per_page: 50 } },
      'GET /npo_admin/membership/campaigns': { body: { campaigns: [] } },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Figures' }));
    const members = await screen.findByRole('table', { name: 'Members per tier' });
    expect(within(members).getByRole('row', { name: /Nov 2026 Individual 21, Household 12/ })).toBeInTheDocument();
    const flow = screen.getByRole('table', { name: 'New, renewed and lapsed' });
    expect(within(flow).getByRole('row', { name: /Nov 2026 3 new, 4 renewed, 2 lapsed/ })).toBeInTheDocument();
    expect(screen.getByText('67%')).toBeInTheDocument();
    const revenue = screen.getByRole('table', { name: 'Membership revenue' });
    expect(within(revenue).getByRole('row', { name: /Nov 2026 \$450\.00/ })).toBeInTheDocument();
    const upcoming = screen.getByRole('table', { name: /^Upcoming renewals/ });
    expect(within(upcoming).getByRole('row', { name: 'Dec 2026 1 0 $60.00' })).toBeInTheDocument();
  }, 60_000);
});
