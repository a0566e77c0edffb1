import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { GIVING_YEAR, summary } from '../donors.test-support.ts';
import { DonorsPage } from './DonorsPage.tsx';

const render = (entry = '/dashboard/donors', role: 1984 | 5150 = 5150) =>
  renderRoutes([{ path: '/dashboard/donors', element: <DonorsPage /> }], {
    initialEntries: [entry],
    session: signedInSession(role),
  });

const page = (donors: ReturnType<typeof summary>[], total = donors.length) => ({
  donors,
  total,
  total_capped: false,
  page: 1,
  per_page: 25,
  currency: 'USD',
  giving_year: GIVING_YEAR,
});

describe('DonorsPage', () => {
  it('lists donors with lifetime total, gifts, dates and flags, each linking to the donor', async () => {
    stubFetch({
      'GET /npo_admin/donors': {
        body: page([
          summary(1, { recurring_status: 'active' }),
          summary(2, { first_name: 'Alan', last_name: 'Turing', lybunt: true, lifetime_total_minor: 500 }),
        ]),
      },
    });
    render();
    const link = await screen.findByRole('link', { name: 'Alan Turing' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/dashboard/donor/2');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('$5.00')).toBeInTheDocument();
    expect(within(row).getByText('LYBUNT')).toBeInTheDocument();
    const grace = screen.getByRole('link', { name: 'Grace Hopper' }).closest('tr') as HTMLElement;
    expect(within(grace).getByText('Active plan')).toBeInTheDocument();
    expect(screen.getByText('2 donors')).toBeInTheDocument();
  });

  it('sends search, filters and sort to the server and keeps them in the URL', async () => {
    const stub = stubFetch({ 'GET /npo_admin/donors': { body: page([summary(1)]) } });
    const { router } = render('/dashboard/donors?retention=sybunt');
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(stub.callsTo('GET', '/npo_admin/donors')[0]?.query.get('retention')).toBe('sybunt');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search donors' }), 'grace');
    await screen.findByRole('link', { name: 'Grace Hopper' });
    await expect.poll(() => router.state.location.search).toContain('search=grace');
    await userEvent.click(screen.getByRole('button', { name: /Lifetime total/ }));
    await expect.poll(() => stub.calls.at(-1)?.query.get('sort')).toBe('lifetime_total');
    expect(stub.calls.at(-1)?.query.get('search')).toBe('grace');
    expect(stub.calls.at(-1)?.query.get('retention')).toBe('sybunt');
  });

  it('keeps the page when the lifetime boxes are tabbed through without a change (keyboard)', async () => {
    stubFetch({ 'GET /npo_admin/donors': { body: { ...page([summary(1)], 60), page: 2 } } });
    const { router } = render('/dashboard/donors?page=2');
    await screen.findByRole('link', { name: 'Grace Hopper' });
    await userEvent.click(screen.getByRole('textbox', { name: 'Lifetime from' }));
    await userEvent.tab();
    await userEvent.tab();
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Lifetime to' }), '50{Enter}');
    await expect.poll(() => router.state.location.search).toBe('?max_total_minor=5000');
  });

  it('says "more than" when the server capped the count', async () => {
    stubFetch({ 'GET /npo_admin/donors': { body: { ...page([summary(1)], 10_000), total_capped: true } } });
    render();
    expect(await screen.findByText('More than 10,000 donors', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the empty, no-match and error states', async () => {
    stubFetch({ 'GET /npo_admin/donors': { body: page([]) } });
    const first = render();
    expect(await screen.findByText('No donors to show yet')).toBeInTheDocument();
    first.unmount();
    stubFetch({ 'GET /npo_admin/donors': { body: page([]) } });
    const second = render('/dashboard/donors?search=nobody');
    expect(await screen.findByText('No donors match')).toBeInTheDocument();
    second.unmount();
    stubFetch({ 'GET /npo_admin/donors': { status: 500, body: { message: 'Database unavailable' } } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Donors could not be loaded');
  });

  it('lets an admin change the giving year; staff only see it', async () => {
    const stub = stubFetch({
      'GET /npo_admin/donors': { body: page([summary(1)]) },
      'PATCH /npo_admin/organisation/giving_year': {
        body: { fiscal_year_start_month: 7, current_year: 2027, current_label: 'July 2026 – June 2027' },
      },
    });
    const admin = render();
    const select = await screen.findByRole('combobox', { name: 'Giving year' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Fiscal year from July' }));
    await expect
      .poll(() => stub.callsTo('PATCH', '/npo_admin/organisation/giving_year')[0]?.body)
      .toEqual({
        fiscal_year_start_month: 7,
      });
    admin.unmount();
    stubFetch({ 'GET /npo_admin/donors': { body: page([summary(1)]) } });
    render('/dashboard/donors', 1984);
    expect(await screen.findByText(/Giving year: Calendar year/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Giving year' })).not.toBeInTheDocument();
  });
});
