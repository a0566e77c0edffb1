import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { planItem, planListOf } from '../test-support.ts';
import { RecurringPlansPage } from './RecurringPlansPage.tsx';

const render = (entry = '/dashboard/recurring') =>
  renderRoutes([{ path: '/dashboard/recurring', element: <RecurringPlansPage /> }], {
    initialEntries: [entry],
    session: signedInSession(1984),
  });

describe('RecurringPlansPage', () => {
  it('shows the monthly recurring revenue first and each plan with its donor, amount, status and dates', async () => {
    stubFetch({
      'GET /npo_admin/recurring_plans': {
        body: planListOf([
          planItem(1),
          planItem(2, { status: 'past_due', amount_minor: 1200, currency: 'EUR', interval: 'yearly' }),
        ]),
      },
    });
    render();
    expect(await screen.findByTestId('mrr')).toHaveTextContent('$11,185.42');
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recurring plans' });
    const grace = within(table).getByRole('row', { name: /Grace Hopper 1\b/ });
    expect(within(grace).getByRole('link', { name: 'Grace Hopper 1' })).toHaveAttribute(
      'href',
      '/dashboard/recurring-plan/1',
    );
    expect(within(grace).getByText('$25.00 a month')).toBeInTheDocument();
    expect(within(grace).getByText('Active')).toBeInTheDocument();
    const pastDue = within(table).getByRole('row', { name: /Grace Hopper 2/ });
    expect(within(pastDue).getByText('€12.00 a year')).toBeInTheDocument();
    expect(within(pastDue).getByText('Past due')).toBeInTheDocument();
  });

  it('sends the status filter and the donor search to the server and keeps them in the URL', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/recurring_plans': ({ query }) =>
        query.get('q') === 'nobody' ? { body: planListOf([]) } : { body: planListOf([planItem(1)]) },
    });
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('table', { name: 'Recurring plans' });
    await user.click(screen.getByRole('radio', { name: /Past due/ }));
    await waitFor(() => expect(fetchStub.calls.at(-1)?.query.get('status')).toBe('past_due'));
    await user.type(screen.getByRole('searchbox', { name: 'Search donors' }), 'nobody');
    expect(await screen.findByText('No plans match', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=past_due&q=nobody');
    expect(fetchStub.calls.filter((c) => c.query.get('q')).length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table', { name: 'Recurring plans' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when there are no plans yet, and shows an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/recurring_plans': () =>
        fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: planListOf([]) },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Recurring plans could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No recurring plans/)).toBeInTheDocument();
  });
});
