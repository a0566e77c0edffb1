import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PlatformNotice } from './PlatformNotice.tsx';

const render = () =>
  renderRoutes([{ path: '/dashboard/home', element: <PlatformNotice /> }], {
    initialEntries: ['/dashboard/home'],
    session: signedInSession(5150),
  });

describe('PlatformNotice', () => {
  it('tells staff why their organisation takes no gifts, under the maintenance banner', async () => {
    stubFetch({
      'GET /platform/notice': {
        body: {
          maintenance_banner: 'Maintenance on Sunday',
          organisation_status: 'suspended',
          organisation_reason: 'Unpaid invoice',
          email_verified: true,
        },
      },
    });
    render();
    expect(await screen.findByText('Maintenance on Sunday')).toBeInTheDocument();
    expect(screen.getByText('The platform has suspended this organisation')).toBeInTheDocument();
    expect(screen.getByText(/not accepting gifts\. Reason: Unpaid invoice/)).toBeInTheDocument();
  });

  it('shows nothing while all is well', async () => {
    const fetch = stubFetch({
      'GET /platform/notice': {
        body: { maintenance_banner: '', organisation_status: 'active', organisation_reason: '', email_verified: true },
      },
    });
    const { container } = render();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.callsTo('GET', '/platform/notice')).toHaveLength(1);
    expect(container.querySelector('[role="alert"], [role="status"]')).toBeNull();
    expect(screen.queryByText(/confirm your e-mail address/)).toBeNull();
  });

  it('offers an unverified user a new link, once, and says where it went', async () => {
    const fetch = stubFetch({
      'GET /platform/notice': {
        body: { maintenance_banner: '', organisation_status: null, organisation_reason: '', email_verified: false },
      },
      'POST /account/email_verification': {
        status: 202,
        body: { status: 202, message: 'We have sent a new link to v***@example.org.' },
      },
    });
    render();
    expect(
      await screen.findByText('Please confirm your e-mail address with the link we sent you.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText('We have sent a new link to v***@example.org.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).toBeNull();
    expect(fetch.callsTo('POST', '/account/email_verification')).toHaveLength(1);
  });

  it('shows the server’s message when too many links were asked for', async () => {
    stubFetch({
      'GET /platform/notice': {
        body: { maintenance_banner: '', organisation_status: null, organisation_reason: '', email_verified: false },
      },
      'POST /account/email_verification': {
        status: 429,
        body: {
          status: 429,
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Please wait a few minutes and try again.',
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
