import type { TDonation } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CampaignDonationsPage } from './CampaignDonationsPage.tsx';

const render = (entry = '/dashboard/campaign-donations/4') =>
  renderRoutes([{ path: '/dashboard/campaign-donations/:id', element: <CampaignDonationsPage /> }], {
    initialEntries: [entry],
    session: signedInSession(5150),
  });

const campaign = {
  campaign: {
    id: 4,
    name: 'Spring appeal',
    status: 'active',
    raised_minor: 987_650,
    raised_currency: 'USD',
    donors: 9,
    donations_count: 11,
  },
};

function donation(id: number, overrides: Partial<TDonation> = {}): Partial<TDonation> {
  return {
    id,
    donor: { id: 1, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' },
    amount_minor: 2_500,
    included_fees_minor: 0,
    currency: 'EUR',
    interval: 'monthly',
    status: 'succeeded',
    designation: 'School meals',
    created_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

const page = (donations: Partial<TDonation>[], total = donations.length) => ({
  donations,
  total,
  page: 1,
  per_page: 25,
});

describe('CampaignDonationsPage', () => {
  it("shows the campaign's name, status, totals and its donations", async () => {
    stubFetch({
      'GET /npo_admin/campaigns/4': { body: campaign },
      'GET /npo_admin/campaigns/4/donations': { body: page([donation(1)]) },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Spring appeal' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('$9,876.50')).toBeInTheDocument();
    expect(screen.getByText('11')).toBeInTheDocument();
    const row = within(await screen.findByRole('table', { name: 'Donations' })).getByRole('row', { name: /Grace/ });
    for (const text of [
      'Mar 4, 2026',
      'Grace Hopper',
      'grace@example.org',
      '€25.00 EUR',
      'Monthly',
      'School meals',
      'Succeeded',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('pages through donations', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/campaigns/4': { body: campaign },
      'GET /npo_admin/campaigns/4/donations': ({ query }) => ({
        body: page(
          [
            donation(1, {
              donor: { id: 1, first_name: `Page${query.get('page')}`, last_name: 'X', email: 'x@example.org' },
            }),
          ],
          60,
        ),
      }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Page1 X')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Page3 X')).toBeInTheDocument();
    expect(fetchStub.calls.at(-1)?.query.get('page')).toBe('3');
  });

  it('says when there are no donations yet', async () => {
    stubFetch({
      'GET /npo_admin/campaigns/4': { body: campaign },
      'GET /npo_admin/campaigns/4/donations': { body: page([]) },
    });
    render();
    expect(await screen.findByText('No donations to this campaign yet')).toBeInTheDocument();
  });

  it('shows a clear not-found state with a way back when the server answers 404', async () => {
    stubFetch({});
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Campaign not found');
    expect(screen.getAllByRole('link', { name: 'Back to campaigns' })[0]).toHaveAttribute(
      'href',
      '/dashboard/campaigns',
    );
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/campaigns/4': { body: campaign },
      'GET /npo_admin/campaigns/4/donations': () => (fail ? 'network-error' : { body: page([donation(2)]) }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Donations could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  });
});
