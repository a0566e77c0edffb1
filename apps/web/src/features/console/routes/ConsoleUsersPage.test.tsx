import type { TConsoleUser } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConsoleUsersPage } from './ConsoleUsersPage.tsx';

const user = (over: Partial<TConsoleUser>): TConsoleUser => ({
  id: 1,
  name: 'Vera Fied',
  email: 'vera@example.org',
  memberships: [],
  last_sign_in_at: null,
  two_factor: false,
  locked: false,
  email_verified: true,
  sessions: 1,
  ...over,
});

describe('ConsoleUsersPage', () => {
  it('marks an unverified address and resends its link with a reason', async () => {
    const fetch = stubFetch({
      'GET /console/users': {
        body: {
          users: [
            user({ id: 1, email: 'ada@example.org', name: 'Ada Able' }),
            user({ id: 2, email: 'vera@example.org', email_verified: false }),
          ],
          total: 2,
          page: 1,
          per_page: 25,
        },
      },
      'POST /console/users/2/resend_verification': { body: user({ id: 2, email_verified: false }) },
    });
    renderRoutes([{ path: '/console/users', element: <ConsoleUsersPage /> }], {
      initialEntries: ['/console/users'],
      session: signedInSession(7789),
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('vera@example.org');
    const rows = within(table).getAllByRole('row');
    const vera = rows.find((r) => within(r).queryByText('vera@example.org'));
    const ada = rows.find((r) => within(r).queryByText('ada@example.org'));
    expect(within(vera as HTMLElement).getByText('E-mail unverified')).toBeInTheDocument();
    expect(within(ada as HTMLElement).queryByText('E-mail unverified')).toBeNull();
    expect(within(ada as HTMLElement).queryByRole('button', { name: /Resend verification/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Resend verification to vera@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend verification: vera@example.org' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked by phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend verification' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.callsTo('POST', '/console/users/2/resend_verification')[0]?.body).toEqual({
      reason: 'Asked by phone',
    });
  });
});
