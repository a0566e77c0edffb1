import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../test/fixtures.ts';
import { LocationProbe, renderRoutes } from '../../test/render.tsx';
import { SearchButton, SearchOverlay } from './SearchOverlay.tsx';

function renderSearch(code: 5150 | 1123 | 1984, session = signedInSession(code)) {
  const shell = (
    <>
      <SearchButton compact={false} />
      <SearchOverlay />
      <Outlet />
    </>
  );
  return renderRoutes([{ element: shell, children: [{ path: '*', element: <LocationProbe /> }] }], {
    initialEntries: ['/dashboard/home'],
    session,
  });
}

const SEARCH = /^Search pages/;
const searchBox = () => screen.findByRole('textbox', { name: SEARCH });

/** Text of each page offered in the overlay: label then area (the query is highlighted in the label). */
const offered = () =>
  within(screen.getByRole('dialog'))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');

describe('SearchOverlay', () => {
  it('opens from the top-bar button; Enter jumps to the highlighted page and closes the overlay', async () => {
    const user = userEvent.setup();
    renderSearch(5150);
    await user.click(screen.getByRole('button', { name: SEARCH }));
    await user.type(await searchBox(), 'exchange');
    await waitFor(() => expect(offered()).toEqual(['Exchange ratesSettings']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/exchange-rates'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: SEARCH })).toBeNull());
  });

  it('opens with Ctrl+K and closes on Enter when nothing is highlighted', async () => {
    const user = userEvent.setup();
    renderSearch(5150);
    await user.keyboard('{Control>}k{/Control}');
    await searchBox();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: SEARCH })).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/home');
  });

  it('lists only the pages the role may open', async () => {
    const user = userEvent.setup();
    renderSearch(1123);
    await user.click(screen.getByRole('button', { name: SEARCH }));
    await user.type(await searchBox(), 'donations');
    await waitFor(() => expect(offered()).toEqual(['My donationsDonations', 'Recurring donationsDonations']));
  });

  it('keeps settings out of reach of dashboard-only staff', async () => {
    stubFetch({ 'GET /npo_admin/search': { body: { donors: [], donations: [], campaigns: [] } } });
    const user = userEvent.setup();
    renderSearch(1984);
    await user.click(screen.getByRole('button', { name: SEARCH }));
    await user.type(await searchBox(), 'exchange');
    expect(await screen.findByText('Nothing matches your search')).toBeInTheDocument();
  });

  it("finds the organisation's donors, donations and campaigns beside its pages, and opens them", async () => {
    const { callsTo } = stubFetch({
      'GET /npo_admin/search': (call) => ({
        body:
          call.query.get('q') === 'tanaka'
            ? {
                donors: [{ id: 48, first_name: 'Fatima', last_name: 'Tanaka', email: 'fatima.tanaka@example.org' }],
                donations: [],
                campaigns: [],
              }
            : {
                donors: [],
                donations: [
                  {
                    id: 7,
                    receipt_number: '1-000007',
                    provider_reference: 'pi_7',
                    amount_minor: 2500,
                    currency: 'USD',
                    status: 'succeeded',
                    donor_name: 'Ada Lovelace',
                    created_at: '2026-11-24T10:00:00.000Z',
                  },
                ],
                campaigns: [],
              },
      }),
    });
    const user = userEvent.setup();
    renderSearch(5150);
    await user.click(screen.getByRole('button', { name: 'Search pages, donors, donations and campaigns' }));
    await user.type(await searchBox(), 'tanaka');
    await waitFor(() => expect(offered()).toEqual(['Fatima Tanakafatima.tanaka@example.org']));
    // Never a request for a single character (the server refuses it).
    expect(callsTo('GET', '/npo_admin/search').every((c) => (c.query.get('q') ?? '').length >= 2)).toBe(true);

    await user.clear(await searchBox());
    await user.type(await searchBox(), '1-000007');
    await waitFor(() => expect(offered()).toEqual(['Receipt 1-000007 · $25.00Ada Lovelace · Succeeded']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/donation/7'));
  });

  it('writes a found donation’s amount in the organisation’s locale (de-DE)', async () => {
    const donation = {
      id: 7,
      receipt_number: '1-000007',
      provider_reference: 'pi_7',
      amount_minor: 123456,
      currency: 'EUR',
      status: 'succeeded',
      donor_name: 'Ada Lovelace',
      created_at: '2026-11-24T10:00:00.000Z',
    };
    stubFetch({ 'GET /npo_admin/search': { body: { donors: [], donations: [donation], campaigns: [] } } });
    const user = userEvent.setup();
    renderSearch(5150, signedInSessionIn(5150, 'de-DE', 'Europe/Berlin'));
    await user.click(screen.getByRole('button', { name: 'Search pages, donors, donations and campaigns' }));
    await user.type(await searchBox(), '1-000007');
    await waitFor(() => expect(offered()).toEqual(['Receipt 1-000007 · 1.234,56\u00a0€Ada Lovelace · Succeeded']));
  });

  it('searches only pages for a fundraiser, who has no donor lists', async () => {
    const { calls } = stubFetch({});
    const user = userEvent.setup();
    renderSearch(1123);
    await user.click(screen.getByRole('button', { name: 'Search pages' }));
    await user.type(await searchBox(), 'tanaka');
    expect(await screen.findByText('No pages match your search')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
