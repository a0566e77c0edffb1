import type { TIncomeReport, TSavedReport } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ReportsPage } from '../routes/ReportsPage.tsx';
import { ScheduleForm, scheduleErrors } from './ScheduleForm.tsx';

const figures = {
  gifts: 2,
  gross: 30_000,
  fee_covered: 0,
  refunds: 0,
  disputes: 0,
  net: 30_000,
  platform_fees: 0,
  net_after_fees: 30_000,
};
const income: TIncomeReport = {
  currency: 'USD',
  period: { from: '2025-01-01', to: '2025-12-31' },
  group_by: 'campaign',
  rows: [{ key: '7', label: 'Spring Appeal', ...figures }],
  totals: figures,
};

const saved = (patch: Partial<TSavedReport> = {}): TSavedReport => ({
  id: 11,
  name: 'Board pack',
  report: 'income',
  view: null,
  filters: { period: 'last-year', group_by: 'campaign' },
  columns: ['gifts', 'net'],
  shared: true,
  owner: { user_id: 3, name: 'Fiona Finance' },
  editable: true,
  updated_at: '2026-11-01T10:00:00Z',
  schedule: null,
  ...patch,
});

const pageStubs = (extra: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    'GET /npo_admin/reports/income': { body: income },
    'GET /npo_admin/donations/filter_options': {
      body: { base_currency: 'USD', campaigns: [], payment_methods: [], currencies: [], designations: [] },
    },
    'GET /npo_admin/segments': { body: { segments: [] } },
    ...extra,
  });

describe('saved reports on the reports page', () => {
  it('saves the report on screen with a name, its filters, the columns kept and sharing', async () => {
    const user = userEvent.setup();
    const server = pageStubs({
      'GET /npo_admin/reports/saved': { body: { reports: [] } },
      'POST /npo_admin/reports/saved': { status: 201, body: saved({ name: 'Campaigns last year' }) },
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports?period=last-year&group_by=campaign'],
      session: signedInSession(2001),
    });
    await user.click(await screen.findByRole('button', { name: 'Save report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save report' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the report a name.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/npo_admin/reports/saved')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Campaigns last year');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Refunds' }));
    await user.click(within(dialog).getByRole('switch', { name: /Share with the organisation/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', '/npo_admin/reports/saved')).toHaveLength(1));
    expect(server.callsTo('POST', '/npo_admin/reports/saved')[0]?.body).toEqual({
      name: 'Campaigns last year',
      report: 'income',
      view: null,
      filters: { period: 'last-year', group_by: 'campaign' },
      columns: ['gifts', 'gross', 'fee_covered', 'disputes', 'net', 'platform_fees', 'net_after_fees'],
      shared: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save report' })).not.toBeInTheDocument());
  }, 90_000);

  it('says what the server refused when saving', async () => {
    const user = userEvent.setup();
    pageStubs({
      'GET /npo_admin/reports/saved': { body: { reports: [] } },
      'POST /npo_admin/reports/saved': {
        status: 404,
        body: { status: 404, code: 'NOT_FOUND', message: 'Campaign not found.' },
      },
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports'],
      session: signedInSession(2001),
    });
    await user.click(await screen.findByRole('button', { name: 'Save report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save report' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Campaign not found.');
  }, 90_000);

  it('lists saved reports: each opens with its filters and columns; a read-only one has no actions', async () => {
    pageStubs({
      'GET /npo_admin/reports/saved': {
        body: {
          reports: [
            saved(),
            saved({
              id: 12,
              name: 'Top donors',
              report: 'donors',
              view: 'top',
              columns: [],
              editable: false,
              shared: true,
            }),
          ],
        },
      },
    });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports'],
      session: signedInSession(1984),
    });
    const panel = await screen.findByRole('region', { name: 'Saved reports' });
    const link = await within(panel).findByRole('link', { name: 'Board pack' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      period: 'last-year',
      group_by: 'campaign',
      columns: 'gifts,net',
      saved: '11',
    });
    expect(within(panel).getByRole('button', { name: 'Rename Board pack' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Top donors' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Rename Top donors' })).not.toBeInTheDocument();
  }, 60_000);

  it('shows only the chosen columns of an opened income report', async () => {
    pageStubs({ 'GET /npo_admin/reports/saved': { body: { reports: [] } } });
    renderRoutes([{ path: '/dashboard/reports', element: <ReportsPage /> }], {
      initialEntries: ['/dashboard/reports?period=last-year&group_by=campaign&columns=gifts,net'],
      session: signedInSession(2001),
    });
    const table = await screen.findByRole('table', { name: 'Income' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Campaign', 'Gifts', 'Net']);
  }, 60_000);
});

describe('the schedule form', () => {
  it('checks the day and recipients in the browser before sending anything', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'GET /npo_admin/reports/saved/recipients': {
        body: { members: [{ user_id: 3, name: 'Fiona Finance', email: 'finance@kindling.test' }] },
      },
      'PUT /npo_admin/reports/saved/11/schedule': { body: saved() },
    });
    let closed = false;
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ScheduleForm
              saved={saved()}
              onDone={() => {
                closed = true;
              }}
            />
          ),
        },
      ],
      {
        initialEntries: ['/'],
        session: signedInSession(2001),
      },
    );
    await user.click(screen.getByRole('combobox', { name: 'Send' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Choose the weekday it is sent.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one recipient.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/npo_admin/reports/saved/11/schedule')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Weekday' }));
    await user.click(await screen.findByRole('option', { name: 'Friday' }));
    const recipients = screen.getAllByLabelText('Recipients').find((el) => el.tagName === 'INPUT');
    if (!recipients) throw new Error('no recipients input');
    await user.click(recipients);
    await user.click(await screen.findByRole('option', { name: /Fiona Finance/ }));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(server.callsTo('PUT', '/npo_admin/reports/saved/11/schedule')).toHaveLength(1));
    expect(server.callsTo('PUT', '/npo_admin/reports/saved/11/schedule')[0]?.body).toEqual({
      cadence: 'weekly',
      weekday: 5,
      day_of_month: null,
      format: 'xlsx',
      recipients: [3],
    });
    await waitFor(() => expect(closed).toBe(true));
  }, 90_000);

  it('refuses a monthly day outside 1 to 28', () => {
    const base = { cadence: 'monthly' as const, weekday: null, format: 'csv', recipients: ['3'] };
    expect(scheduleErrors({ ...base, day: 31 })).toEqual({ day_of_month: 'Choose a day from 1 to 28.' });
    expect(scheduleErrors({ ...base, day: '' })).toEqual({ day_of_month: 'Choose a day from 1 to 28.' });
    expect(scheduleErrors({ ...base, day: 28 })).toEqual({});
  });
});
