import type { TCheckInStatus } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CheckInPage } from './CheckInPage.tsx';

const STATUS: TCheckInStatus = {
  event: { id: 3, name: 'Harvest Gala', starts_at: '2026-12-17T23:30:00.000Z', time_zone: 'America/New_York' },
  counts: { checked_in: 4, expected: 87 },
  matches: [],
};
const GRACE = {
  id: 41,
  attendee_name: 'Grace Hopper',
  attendee_email: 'grace@example.org',
  type: 'General admission',
  status: 'valid',
  checked_in_at: null,
  checked_in_by: null,
};

const render = () =>
  renderRoutes([{ path: '/dashboard/events/:id/check-in', element: <CheckInPage /> }], {
    initialEntries: ['/dashboard/events/3/check-in'],
    session: signedInSession(5150),
  });

describe('check-in screen', () => {
  it('checks a typed code in, shows who was admitted, then the server’s “already checked in” on a second try', async () => {
    let admitted = false;
    const stub = stubFetch({
      'GET /npo_admin/events/3/check_ins': { body: STATUS },
      'POST /npo_admin/events/3/check_ins': () => {
        if (admitted) {
          const message = 'Already checked in at 7:05 PM by Stella Staff.';
          return { status: 409, body: { status: 409, code: 'CONFLICT', message, fields: { code: message } } };
        }
        admitted = true;
        return {
          body: {
            admitted: true,
            ticket: { ...GRACE, checked_in_at: '2026-12-18T00:05:00.000Z', checked_in_by: 'Stella Staff' },
            counts: { checked_in: 5, expected: 87 },
          },
        };
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Check-in: Harvest Gala' })).toBeInTheDocument();
    expect(screen.getByTestId('check-in-counts')).toHaveTextContent('4 of 87');
    const user = userEvent.setup();
    const code = screen.getByRole('textbox', { name: /^Ticket code/ });
    await user.type(code, '  abcDEF123  ');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const status = screen.getByRole('status');
    expect(await within(status).findByText('Admitted: Grace Hopper')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/events/3/check_ins')[0]?.body).toEqual({ code: 'abcDEF123' });
    expect(code).toHaveValue('');
    await user.type(code, 'abcDEF123');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await within(status).findByText('Already checked in at 7:05 PM by Stella Staff.')).toBeInTheDocument();
    expect(within(status).getByText('Not admitted')).toBeInTheDocument();
  });

  it('finds an attendee by name and checks the chosen ticket in', async () => {
    const stub = stubFetch({
      'GET /npo_admin/events/3/check_ins': (call) => ({
        body: call.query.get('q') === 'grace' ? { ...STATUS, matches: [GRACE] } : STATUS,
      }),
      'POST /npo_admin/events/3/check_ins': {
        body: { admitted: true, ticket: GRACE, counts: { checked_in: 5, expected: 87 } },
      },
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Attendee name or e-mail' }), 'grace');
    await user.click(await screen.findByRole('button', { name: 'Check in Grace Hopper' }));
    expect(await screen.findByText('Admitted: Grace Hopper')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/events/3/check_ins')[0]?.body).toEqual({ ticket_id: 41 });
  });

  it('offers no camera button where the browser cannot open a camera: the typed code always works', async () => {
    stubFetch({ 'GET /npo_admin/events/3/check_ins': { body: STATUS } });
    render();
    expect(await screen.findByRole('textbox', { name: /^Ticket code/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).not.toBeInTheDocument();
  });

  // docs/product/events.md#check-in: another door's check-ins reach this screen without a touch.
  it('updates the counts live while another door checks guests in', async () => {
    let calls = 0;
    stubFetch({
      'GET /npo_admin/events/3/check_ins': () => {
        calls += 1;
        return { body: { ...STATUS, counts: { checked_in: calls === 1 ? 4 : 6, expected: 87 } } };
      },
    });
    render();
    await expect
      .poll(() => screen.queryByTestId('check-in-counts')?.textContent, { timeout: 5000 })
      .toContain('4 of 87');
    await expect
      .poll(() => screen.getByTestId('check-in-counts').textContent, { timeout: 20_000, interval: 250 })
      .toContain('6 of 87');
  }, 30_000);
});
