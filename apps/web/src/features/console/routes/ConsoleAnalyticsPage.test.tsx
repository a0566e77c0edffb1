import type { TConsoleAnalytics } from '@kindling/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleAnalyticsPage } from './ConsoleAnalyticsPage.tsx';
import { ConsoleOrganisationsPage } from './ConsoleOrganisationsPage.tsx';

const month = (m: string, active: number, retention: number | null, gross: number) => ({
  month: m,
  organisations_new: 1,
  organisations_active: active,
  retention,
  donors_new: 40,
  gross_minor: gross,
  refunds_minor: 1_000,
  fees_minor: 2_000,
});

const ANALYTICS: TConsoleAnalytics = {
  currency: 'USD',
  months: [month('2026-10', 3, null, 150_000), month('2026-11', 2, 2 / 3, 100_000)],
  sizes: [
    { label: 'None', from_minor: 0, organisations: 4 },
    { label: '1,000 – 10,000', from_minor: 100_000, organisations: 2 },
  ],
};

const render = (path: string, element: React.ReactNode) =>
  renderRoutes([{ path, element }], { initialEntries: [path], session: signedInSession(7789) });

describe('ConsoleAnalyticsPage', () => {
  it('shows each month newest first with retention, and every chart as a table for screen readers', async () => {
    stubFetch({ 'GET /console/analytics': { body: ANALYTICS } });
    render('/console/analytics', <ConsoleAnalyticsPage />);
    const table = await screen.findByRole('table', { name: 'Growth by month' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['November 20261266.7%40$1,000.00$10.00$20.00', 'October 202613—40$1,500.00$10.00$20.00']);
    expect(screen.getByRole('table', { name: 'Organisations by money processed over 12 months' })).toHaveTextContent(
      'None' + 'Organisations: 4',
    );
  });

  it('says when there is nothing yet, and when the figures cannot be loaded', async () => {
    stubFetch({
      'GET /console/analytics': {
        body: { ...ANALYTICS, months: [month('2026-11', 0, null, 0)].map((m) => ({ ...m, organisations_new: 0 })) },
      },
    });
    const { unmount } = render('/console/analytics', <ConsoleAnalyticsPage />);
    expect(await screen.findByText('No analytics yet')).toBeInTheDocument();
    unmount();
    stubFetch({
      'GET /console/analytics': { status: 500, body: { error: 'INTERNAL', message: 'Something went wrong.' } },
    });
    render('/console/analytics', <ConsoleAnalyticsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The analytics could not be loaded');
  });
});

describe('creating an organisation from the console', () => {
  it('shows the server’s field messages under the inputs', async () => {
    stubFetch({
      'GET /console/organizations': { body: { organisations: [], total: 0, page: 1, per_page: 25 } },
      'POST /console/organizations': {
        status: 400,
        body: {
          error: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: { owner_email: 'Enter the owner’s e-mail address' },
        },
      },
    });
    render('/console/organizations', <ConsoleOrganisationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an organisation' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Lakeside Friends' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Signed the agreement' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Create and invite' });
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText('Enter the owner’s e-mail address')).toBeInTheDocument();
  });

  it('preselects the platform’s default currency for new organisations and sends it', async () => {
    const fetch = stubFetch({
      'GET /console/organizations': { body: { organisations: [], total: 0, page: 1, per_page: 25 } },
      'GET /console/settings': {
        body: {
          name: 'Kindling Co-op',
          logo_url: null,
          default_platform_fee_bps: 150,
          self_service_sign_up: true,
          maintenance_banner: '',
          reporting_currency: 'USD',
          organisation_defaults: {
            base_currency: 'GBP',
            time_zone: 'Europe/London',
            locale: 'en-GB',
            fiscal_year_start_month: 4,
            receipt_footer: '',
          },
        },
      },
      'POST /console/organizations': { status: 400, body: { error: 'VALIDATION_FAILED', message: 'Check.' } },
    });
    render('/console/organizations', <ConsoleOrganisationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an organisation' });
    await waitFor(() => expect(within(dialog).getAllByLabelText(/^Currency/)[0]).toHaveValue('GBP · British Pound'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Agreement' } });
    fireEvent.submit(
      within(dialog).getByRole('button', { name: 'Create and invite' }).closest('form') as HTMLFormElement,
    );
    await waitFor(() => expect(fetch.callsTo('POST', '/console/organizations')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/console/organizations')[0]?.body).toMatchObject({ base_currency: 'GBP' });
  });
});
