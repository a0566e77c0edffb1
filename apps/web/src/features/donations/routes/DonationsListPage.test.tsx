import type { TDonationListPageOnly, TDonationListRow, TDonationListTotals } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DonationsListPage } from './DonationsListPage.tsx';

const render = (entry = '/dashboard/donations', session = signedInSession(1984)) =>
  renderRoutes([{ path: '/dashboard/donations', element: <DonationsListPage /> }], {
    initialEntries: [entry],
    session,
  });

function row(id: number, overrides: Partial<TDonationListRow> = {}): TDonationListRow {
  return {
    id,
    created_at: '2026-03-04T10:00:00.000Z',
    receipt_number: `1-00000${id}`,
    donor: { id: 7, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' },
    amount_minor: 2_500,
    included_fees_minor: 0,
    currency: 'EUR',
    base_amount_minor: 2_700,
    base_currency: 'USD',
    campaign_id: 4,
    campaign_name: 'Spring appeal',
    designation: 'School meals',
    payment_method: 'card',
    provider: 'sandbox',
    provider_reference: `pi_${id}`,
    interval: 'monthly',
    status: 'succeeded',
    gift_aid: false,
    refunded_at: null,
    ...overrides,
  };
}

const answer = (donations: TDonationListRow[]): { body: TDonationListPageOnly } => ({
  body: { donations, total: null, page: 1, per_page: 25, totals: null },
});

const totalsOf = (count: number): { body: TDonationListTotals } => ({
  body: {
    count,
    base_amount_minor: 123_456,
    base_currency: 'USD',
    by_currency: [
      { currency: 'EUR', count: 2, amount_minor: 5_000 },
      { currency: 'USD', count: 1, amount_minor: 118_000 },
    ],
  },
});

const options = {
  body: {
    base_currency: 'USD',
    campaigns: [{ id: 4, name: 'Spring appeal' }],
    payment_methods: ['card', 'paypal'],
    currencies: ['EUR', 'USD'],
    designations: ['School meals'],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('DonationsListPage', () => {
  it('shows the donations with totals of the filtered set, each linking to its page', async () => {
    stubFetch({
      'GET /npo_admin/donations': answer([
        row(1),
        row(2, { donor: { id: 8, first_name: 'Alan', last_name: 'Turing', email: 'alan@example.org' } }),
      ]),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(3),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Donations' });
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    for (const text of [
      'Mar 4, 2026',
      'grace@example.org',
      '€25.00 EUR',
      'Spring appeal',
      'Monthly',
      'School meals',
      'card',
      'Succeeded',
    ]) {
      expect(within(grace).getByText(text)).toBeInTheDocument();
    }
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/dashboard/donation/1');
    const totals = screen.getByRole('region', { name: 'Totals of the filtered donations' });
    expect(within(totals).getByText('3')).toBeInTheDocument();
    expect(within(totals).getByText('$1,234.56')).toBeInTheDocument();
    // Not Home's net "Total raised": the list says its sum is gross.
    expect(within(totals).getByText('Gross in USD')).toBeInTheDocument();
    expect(within(totals).getByText('before refunds')).toBeInTheDocument();
    expect(within(totals).getByText(/€50.00 EUR/)).toBeInTheDocument();
  });

  it('sends the filters of the URL to the server, and writes new ones back to the URL', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/donations': answer([row(1)]),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(3),
    });
    const user = userEvent.setup();
    const { router } = render('/dashboard/donations?status=refunded&campaign_id=4&date_from=2026-01-01&gift_aid=yes');
    await screen.findByRole('table', { name: 'Donations' });
    const first = fetchStub.callsTo('GET', '/npo_admin/donations')[0];
    expect(Object.fromEntries(first?.query ?? [])).toMatchObject({
      status: 'refunded',
      campaign_id: '4',
      date_from: '2026-01-01',
      gift_aid: 'yes',
      page: '1',
      per_page: '25',
    });
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=amount'));
    const sorted = fetchStub.callsTo('GET', '/npo_admin/donations').at(-1);
    expect(sorted?.query.get('sort')).toBe('amount');
    expect(sorted?.query.get('status')).toBe('refunded');
    // Largest first, then a second click turns it round.
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(router.state.location.search).toContain('order=asc'));
    expect(fetchStub.callsTo('GET', '/npo_admin/donations').at(-1)?.query.get('order')).toBe('asc');
    await user.type(screen.getByRole('textbox', { name: 'Search donations' }), 'hopper');
    await waitFor(() => expect(router.state.location.search).toContain('search=hopper'));
    await waitFor(() =>
      expect(fetchStub.callsTo('GET', '/npo_admin/donations').at(-1)?.query.get('search')).toBe('hopper'),
    );
  });

  it('pages through the list', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/donations': ({ query }) =>
        answer([
          row(Number(query.get('page')), {
            donor: { id: 1, first_name: `Page${query.get('page')}`, last_name: 'X', email: 'x@example.org' },
          }),
        ]),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(60),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Page1 X')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Page3 X')).toBeInTheDocument();
    expect(fetchStub.callsTo('GET', '/npo_admin/donations').at(-1)?.query.get('page')).toBe('3');
    // Another page of the same filter has the same totals: they are not read again.
    expect(fetchStub.callsTo('GET', '/npo_admin/donations/totals')).toHaveLength(1);
    expect(fetchStub.callsTo('GET', '/npo_admin/donations').at(-1)?.query.get('include_totals')).toBe('false');
  });

  it('says when nothing matches, and clears the filters', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/donations': ({ query }) => (query.get('status') ? answer([]) : answer([row(1)])),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': ({ query }) => totalsOf(query.get('status') ? 0 : 1),
    });
    const user = userEvent.setup();
    render('/dashboard/donations?status=failed');
    expect(await screen.findByText('No donations match')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(await screen.findByRole('table', { name: 'Donations' })).toBeInTheDocument();
    expect(fetchStub.callsTo('GET', '/npo_admin/donations').at(-1)?.query.get('status')).toBeNull();
  });

  it('shows the empty state of an organisation without donations, and an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/donations': () => (fail ? 'network-error' : answer([])),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(0),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Donations could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No donations to show yet')).toBeInTheDocument();
  });

  it('exports the filtered set as CSV with progress, then saves the file', async () => {
    stubFetch({
      'GET /npo_admin/donations': answer([row(1)]),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(3),
    });
    const json = globalThis.fetch;
    let release: () => void = () => {};
    const exportCalls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes('/donations/export')) return json(input, init);
      exportCalls.push(url);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('Date (UTC),Donor name\n2026-03-04 10:00:00,Grace Hopper\n'));
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          controller.enqueue(encoder.encode('2026-03-05 10:00:00,Alan Turing\n'));
          controller.close();
        },
      });
      return new Response(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'x-total-count': '2',
          'content-disposition': 'attachment; filename="donations-2026-03-06.csv"',
        },
      });
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    render('/dashboard/donations?status=succeeded');
    await screen.findByRole('table', { name: 'Donations' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/^1 of 2 rows · \d+ B$/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress: 50%' })).toBeInTheDocument();
    expect(exportCalls[0]).toContain('status=succeeded');
    expect(exportCalls[0]).toContain('format=csv');
    release();
    expect(await screen.findByText('Export of 2 donations saved as donations-2026-03-06.csv.')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('offers no export to a member whose permission set lacks donations.export', async () => {
    stubFetch({
      'GET /npo_admin/donations': answer([row(1)]),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(1),
    });
    const session = signedInSession(1984);
    render('/dashboard/donations', {
      ...session,
      permissions: (session.permissions ?? []).filter((p) => p !== 'donations.export'),
    });
    await screen.findByRole('table', { name: 'Donations' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('cancels a running export', async () => {
    stubFetch({
      'GET /npo_admin/donations': answer([row(1)]),
      'GET /npo_admin/donations/filter_options': options,
      'GET /npo_admin/donations/totals': totalsOf(3),
    });
    const json = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/donations/export')) return json(input, init);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('Date (UTC)\n'));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'x-total-count': '1000' } });
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('table', { name: 'Donations' });
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeEnabled();
  });
});
