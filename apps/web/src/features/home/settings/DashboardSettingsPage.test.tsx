import { DEFAULT_DASHBOARD_SETTINGS } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DashboardSettingsPage } from './DashboardSettingsPage.tsx';

afterEach(() => notifications.clean());

const DEFAULTS = { settings: DEFAULT_DASHBOARD_SETTINGS, saved: false, updated_at: null };

const render = () =>
  renderRoutes([{ path: '/dashboard/settings', element: <DashboardSettingsPage /> }], {
    initialEntries: ['/dashboard/settings'],
    session: signedInSession(1984),
  });

describe('DashboardSettingsPage', () => {
  it('starts from everything over twelve months and saves what the user chose', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'GET /npo_admin/dashboard_settings': { body: DEFAULTS },
      'PUT /npo_admin/dashboard_settings': (call) => ({
        body: { settings: call.body, saved: true, updated_at: '2026-11-26T01:00:00Z' },
      }),
    });
    render();
    expect(screen.getByRole('status', { name: 'Loading your dashboard settings' })).toBeInTheDocument();
    const total = await screen.findByRole('checkbox', { name: 'Total raised' });
    expect(total).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Last 12 months' })).toBeChecked();
    expect(screen.getByText(/You have not changed anything yet/)).toBeInTheDocument();

    await user.click(total);
    await user.click(screen.getByRole('checkbox', { name: 'By campaign' }));
    await user.click(screen.getByRole('radio', { name: 'Last 6 months' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('PUT', '/npo_admin/dashboard_settings')).toHaveLength(1));
    const body = server.callsTo('PUT', '/npo_admin/dashboard_settings')[0]?.body as typeof DEFAULT_DASHBOARD_SETTINGS;
    expect(body.cards).not.toContain('total_raised');
    expect(body.cards[0]).toBe('raised_this_month');
    expect(body.charts).toEqual(['raised_over_time', 'by_method']);
    expect(body.period_months).toBe(6);
    expect(await screen.findByText('Dashboard settings saved')).toBeInTheDocument();
    expect(screen.queryByText(/You have not changed anything yet/)).toBeNull();
  });

  it('shows the server’s field message under the field and keeps the choice', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /npo_admin/dashboard_settings': { body: DEFAULTS },
      'PUT /npo_admin/dashboard_settings': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: { period_months: 'Choose a period of 3, 6, 12 or 24 months.' },
        },
      },
    });
    render();
    await user.click(await screen.findByRole('radio', { name: 'Last 3 months' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a period of 3, 6, 12 or 24 months.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Last 3 months' })).toBeChecked();
  });

  it('offers a retry when the settings cannot be read', async () => {
    stubFetch({
      'GET /npo_admin/dashboard_settings': { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
