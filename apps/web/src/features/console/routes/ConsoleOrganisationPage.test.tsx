import type { TConsoleOrganisationDetail } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleOrganisationPage } from './ConsoleOrganisationPage.tsx';

const DETAIL: TConsoleOrganisationDetail = {
  organisation: {
    id: 3,
    name: 'Harbour Hope',
    slug: 'harbour-hope',
    status: 'active',
    status_reason: '',
    verified: false,
    created_at: '2026-10-01T12:00:00Z',
    base_currency: 'USD',
    processors: ['stripe'],
    members: 2,
    processed_minor: 125_000,
    platform_fee_bps: null,
  },
  effective_fee_bps: 250,
  figures: {
    donations: 12,
    gross_minor: 125_000,
    refunds_minor: 5_000,
    fees_minor: 3_125,
    active_plans: 2,
    campaigns: 1,
  },
  members: [{ user_id: 9, name: 'Hana Harbour', email: 'hana@harbour.example', role_name: 'admin', suspended: false }],
  audit: [],
};

const render = () =>
  renderRoutes([{ path: '/console/organizations/:id', element: <ConsoleOrganisationPage /> }], {
    initialEntries: ['/console/organizations/3'],
    session: signedInSession(7789),
  });

describe('ConsoleOrganisationPage', () => {
  it('shows the figures and members, and suspends with a reason the audit trail then shows', async () => {
    let detail = DETAIL;
    const fetch = stubFetch({
      'GET /console/organizations/3': () => ({ body: detail }),
      'POST /console/organizations/3/suspend': (call) => {
        detail = {
          ...DETAIL,
          organisation: {
            ...DETAIL.organisation,
            status: 'suspended',
            status_reason: (call.body as { reason: string }).reason,
          },
          audit: [
            {
              id: 1,
              action: 'console.organisation_suspended',
              actor: 'Cora Console',
              reason: 'Unpaid invoice',
              created_at: '2026-11-26T08:00:00Z',
            },
          ],
        };
        return { body: detail };
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Harbour Hope' })).toBeInTheDocument();
    expect(screen.getByText('$1,250.00')).toBeInTheDocument();
    expect(screen.getByText(/Platform fee 2\.5% \(platform default\)/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Members' })).getByText('hana@harbour.example'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Harbour Hope' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Unpaid invoice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.callsTo('POST', '/console/organizations/3/suspend')[0]?.body).toEqual({ reason: 'Unpaid invoice' });
    expect(await screen.findByText('Suspended: not accepting gifts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Console actions' })).getByText('Unpaid invoice'),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s field message when the reason is refused', async () => {
    stubFetch({
      'GET /console/organizations/3': { body: DETAIL },
      'POST /console/organizations/3/verify': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fields: { reason: 'Give a reason (it is recorded in the audit log)' },
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Harbour Hope' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Give a reason (it is recorded in the audit log)')).toBeInTheDocument();
  });

  it('resends the pending owner invitation with a reason and says where it went', async () => {
    let detail: TConsoleOrganisationDetail = {
      ...DETAIL,
      members: [],
      owner_invitation: { email: 'owner@harbour.example', expires_at: '2026-11-20T10:00:00Z', live: false },
    };
    const fetch = stubFetch({
      'GET /console/organizations/3': () => ({ body: detail }),
      'POST /console/organizations/3/resend_invitation': () => {
        detail = {
          ...detail,
          owner_invitation: { email: 'owner@harbour.example', expires_at: '2026-12-03T10:00:00Z', live: true },
        };
        return { body: detail.owner_invitation };
      },
    });
    render();
    expect(await screen.findByText('The owner has not joined yet')).toBeInTheDocument();
    expect(screen.getByText(/Invitation to owner@harbour\.example: the link expired/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend the invitation to Harbour Hope’s owner' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Owner lost the e-mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new invitation was sent to owner@harbour.example.');
    expect(fetch.callsTo('POST', '/console/organizations/3/resend_invitation')[0]?.body).toEqual({
      reason: 'Owner lost the e-mail',
    });
    expect(await screen.findByText(/the link expires/)).toBeInTheDocument();
  }, 60_000);
});
