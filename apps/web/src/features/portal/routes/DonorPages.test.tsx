import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { gift, overview, plan } from '../portal.test-support.ts';
import { DonationPage, MyDonationsPage, RecurringDonationsPage, RecurringEditPage } from './DonorPages.tsx';

const render = (entry: string) =>
  renderRoutes(
    [
      { path: '/my-donations', element: <MyDonationsPage /> },
      { path: '/recurring-donations', element: <RecurringDonationsPage /> },
      { path: '/recurring-edit/:id', element: <RecurringEditPage /> },
      { path: '/donation/:id', element: <DonationPage /> },
    ],
    { initialEntries: [entry], session: signedInSession(1123) },
  );

const account = overview({ source: 'account', expires_at: null });

describe('signed-in donor pages', () => {
  it('/my-donations lists the gifts from the account source with their receipts', async () => {
    stubFetch({
      'GET /portal/account/overview': { body: account },
      'GET /portal/account/donations': { body: { gifts: [gift()] } },
    });
    render('/my-donations');
    await screen.findByText('$25.00', {}, { timeout: 5000 });
    const link = screen.getByRole('link', { name: '$25.00' });
    expect(link).toHaveAttribute('href', '/donation/31');
    expect(screen.getByRole('link', { name: /Receipt/ })).toHaveAttribute(
      'href',
      '/api/v1/portal/account/donations/31/receipt',
    );
  });

  it('/my-donations says when the gifts could not be loaded, and retries', async () => {
    let calls = 0;
    stubFetch({
      'GET /portal/account/overview': { body: account },
      'GET /portal/account/donations': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Something broke.' } }
          : { body: { gifts: [gift()] } };
      },
    });
    render('/my-donations');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Something broke.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$25.00')).toBeInTheDocument();
  });

  it('/my-donations shows an empty state', async () => {
    stubFetch({
      'GET /portal/account/overview': { body: account },
      'GET /portal/account/donations': { body: { gifts: [] } },
    });
    render('/my-donations');
    expect(await screen.findByText('No donations to show yet.')).toBeInTheDocument();
  });

  it('says so when the user has no donor record in the organisation', async () => {
    stubFetch({ 'GET /portal/account/overview': { body: overview({ source: 'account', donor: null }) } });
    render('/recurring-donations');
    expect(await screen.findByText(/no donations under your e-mail address/)).toBeInTheDocument();
  });

  it('/recurring-donations links each plan to /recurring-edit, which pauses it', async () => {
    let current = plan();
    const api = stubFetch({
      'GET /portal/account/overview': { body: account },
      'GET /portal/account/plans': () => ({ body: { plans: [current] } }),
      'GET /portal/account/plans/9': () => ({ body: { plan: current } }),
      'POST /portal/account/plans/9/pause': () => {
        current = { ...current, status: 'paused' };
        return { body: { plan: current } };
      },
    });
    const { router } = render('/recurring-donations');
    await userEvent.click(await screen.findByRole('link', { name: 'Change $10.00 monthly' }));
    expect(router.state.location.pathname).toBe('/recurring-edit/9');
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(api.callsTo('POST', '/portal/account/plans/9/pause')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('/recurring-edit of a plan that is not the donor’s says it was not found', async () => {
    stubFetch({
      'GET /portal/account/overview': { body: account },
      'GET /portal/account/plans/99': {
        status: 404,
        body: { status: 404, code: 'NOT_FOUND', message: 'Recurring donation not found.' },
      },
    });
    render('/recurring-edit/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Recurring donation not found.');
  });

  it('/donation/{id} shows the gift with its receipt and a link to its plan', async () => {
    stubFetch({
      'GET /portal/account/overview': { body: account },
      'GET /portal/account/donations/31': { body: { gift: gift({ interval: 'monthly', recurring_plan_id: 9 }) } },
    });
    render('/donation/31');
    expect(await screen.findByText('1-000031', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Receipt/ })).toHaveAttribute(
      'href',
      '/api/v1/portal/account/donations/31/receipt',
    );
    expect(screen.getByRole('link', { name: 'Change this recurring donation' })).toHaveAttribute(
      'href',
      '/recurring-edit/9',
    );
  });

  it('/donation/{id} writes the gift in the organisation’s locale, dated on its calendar', async () => {
    const london = overview({
      source: 'account',
      expires_at: null,
      organisation: { name: 'Riverside Food Bank', locale: 'en-GB', time_zone: 'America/New_York' },
    });
    stubFetch({
      'GET /portal/account/overview': { body: london },
      'GET /portal/account/donations/31': {
        body: { gift: gift({ currency: 'GBP', created_at: '2031-02-15T04:30:00.000Z' }) },
      },
    });
    render('/donation/31');
    expect(await screen.findByText('£25.00', {}, { timeout: 5000 })).toBeInTheDocument();
    // 04:30 UTC on the 15th is still the 14th in New York.
    expect(screen.getByText('14 Feb 2031')).toBeInTheDocument();
  });
});
