import type { TPlatformSettings } from '@kindling/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleSettingsPage } from './ConsoleSettingsPage.tsx';

const SETTINGS: TPlatformSettings = {
  name: 'Kindling Co-op',
  logo_url: null,
  default_platform_fee_bps: 150,
  self_service_sign_up: true,
  maintenance_banner: '',
  reporting_currency: 'USD',
  organisation_defaults: {
    base_currency: 'USD',
    time_zone: 'UTC',
    locale: 'en-US',
    fiscal_year_start_month: 1,
    receipt_footer: '',
  },
};

describe('ConsoleSettingsPage', () => {
  it('saves the organisation defaults with the reason, and asks for a reason before a logo upload', async () => {
    const fetch = stubFetch({
      'GET /console/settings': { body: SETTINGS },
      'PUT /console/settings': { body: SETTINGS },
    });
    renderRoutes([{ path: '/console/settings', element: <ConsoleSettingsPage /> }], {
      initialEntries: ['/console/settings'],
      session: signedInSession(7789),
    });
    await screen.findByRole('heading', { name: 'New organisations start with' });
    expect(screen.getByText('None: the Kindling mark is shown.')).toBeInTheDocument();
    // No reason yet: the upload is closed.
    expect(screen.getByRole('button', { name: /Upload a logo/ })).toBeDisabled();

    const footer = screen.getByRole('textbox', { name: 'Receipt footer' });
    await userEvent.type(footer, 'Co-op');
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason$/ }), 'UK ok');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(fetch.callsTo('PUT', '/console/settings')).toHaveLength(1));
    expect(fetch.callsTo('PUT', '/console/settings')[0]?.body).toEqual({
      name: 'Kindling Co-op',
      default_platform_fee_bps: 150,
      self_service_sign_up: true,
      maintenance_banner: '',
      organisation_defaults: { ...SETTINGS.organisation_defaults, receipt_footer: 'Co-op' },
      reason: 'UK ok',
    });

    await userEvent.type(screen.getByRole('textbox', { name: /Reason for the logo change/ }), 'New brand');
    expect(screen.getByRole('button', { name: /Upload a logo/ })).toBeEnabled();
  }, 90_000);

  it('shows the current logo and removes it with the reason', async () => {
    const fetch = stubFetch({
      'GET /console/settings': { body: { ...SETTINGS, logo_url: '/uploads/platform/logo/logo-a.png' } },
      'DELETE /console/settings/logo': { body: { logo_url: null } },
    });
    renderRoutes([{ path: '/console/settings', element: <ConsoleSettingsPage /> }], {
      initialEntries: ['/console/settings'],
      session: signedInSession(7789),
    });
    expect(await screen.findByRole('img', { name: 'Current platform logo' })).toHaveAttribute(
      'src',
      '/uploads/platform/logo/logo-a.png',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Reason for the logo change/ }), 'Back to Kindling');
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(fetch.callsTo('DELETE', '/console/settings/logo')).toHaveLength(1));
    expect(fetch.callsTo('DELETE', '/console/settings/logo')[0]?.query.get('reason')).toBe('Back to Kindling');
  }, 90_000);
});
