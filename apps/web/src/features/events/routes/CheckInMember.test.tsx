// A member ticket at the door (docs/product/events.md#member-tickets): the answer and the name search say
// it is a member ticket, with the member number, so the door can ask for the member card.
import type { TCheckInStatus, TCheckInTicket } from '@kindling/contracts';
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
const BEN: TCheckInTicket = {
  id: 52,
  attendee_name: 'Ben Castillo',
  attendee_email: 'ben.castillo.25@members.example.org',
  type: 'Member ticket',
  status: 'valid',
  checked_in_at: null,
  checked_in_by: null,
  member_number: 'M-000026',
};

describe('member tickets at the door', () => {
  it('shows a member ticket in the search and in the answer, with its member number', async () => {
    stubFetch({
      'GET /npo_admin/events/3/check_ins': (call) => ({
        body: call.query.get('q') === 'ben' ? { ...STATUS, matches: [BEN] } : STATUS,
      }),
      'POST /npo_admin/events/3/check_ins': {
        body: { admitted: true, ticket: BEN, counts: { checked_in: 5, expected: 87 } },
      },
    });
    renderRoutes([{ path: '/dashboard/events/:id/check-in', element: <CheckInPage /> }], {
      initialEntries: ['/dashboard/events/3/check-in'],
      session: signedInSession(5150),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Attendee name or e-mail' }), 'ben');
    expect(await screen.findByText('Member ticket · Member M-000026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check in Ben Castillo' }));
    const status = screen.getByRole('status');
    expect(await within(status).findByText('Admitted: Ben Castillo')).toBeInTheDocument();
    expect(within(status).getByText('Member ticket · Member M-000026')).toBeInTheDocument();
  }, 30_000);
});
