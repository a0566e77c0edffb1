import { MESSAGES } from '@kindling/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { organisation, selectResponse, signedInSession } from '../../test/fixtures.ts';
import { LocationProbe, renderRoutes } from '../../test/render.tsx';
import { OrganisationSwitcher } from './OrganisationSwitcher.tsx';

const riverside = organisation(1, 5150, 'Riverside Food Bank');
const northern = organisation(2, 1123, 'Northern Lights Animal Rescue');

function renderSwitcher(npos = [riverside, northern], path = '/dashboard/donations') {
  const session = { ...signedInSession(5150, npos), role: 5150, roleName: 'admin', selectedNpo: npos[0] ?? null };
  // The switcher lives in the top bar, which stays while the page under it changes.
  const shell = (
    <>
      <OrganisationSwitcher />
      <Outlet />
    </>
  );
  return renderRoutes([{ element: shell, children: [{ path: '*', element: <LocationProbe /> }] }], {
    initialEntries: [path],
    session,
  });
}

const openSwitcher = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /switch organisation|choose an organisation/i }));
  return screen.findByRole('textbox', { name: 'Search organisations' });
};

describe('OrganisationSwitcher', () => {
  it('lists the organisations, marks the current one and the admin role', async () => {
    const user = userEvent.setup();
    renderSwitcher();
    await openSwitcher(user);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Riverside Food Bank'),
      expect.stringContaining('Northern Lights Animal Rescue'),
    ]);
    expect(screen.getByRole('img', { name: 'Current organisation' })).toBeInTheDocument();
    // Only the admin membership carries the admin icon (role names containing 'admin').
    expect(screen.getAllByRole('img', { name: 'Administrator' })).toHaveLength(1);
  });

  it('filters by name and explains an empty result', async () => {
    const user = userEvent.setup();
    renderSwitcher();
    const search = await openSwitcher(user);
    await user.type(search, 'north');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option')).toHaveTextContent('Northern Lights Animal Rescue');

    await user.clear(search);
    await user.type(search, 'zebra');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(MESSAGES.noOrganisationsFound)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.tryAdjustingSearch)).toBeInTheDocument();
  });

  it('says when there are no organisations at all', async () => {
    const user = userEvent.setup();
    renderSwitcher([]);
    await openSwitcher(user);
    expect(screen.getByText(MESSAGES.noOrganisationsAvailable)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.tryAdjustingSearch)).toBeNull();
  });

  it('selects through the session, is disabled while the call runs, and shows a status for 3 s', async () => {
    const user = userEvent.setup();
    let answer: (value: { body: unknown }) => void = () => undefined;
    const server = stubFetch({
      'GET /npo_admin/select_npo': () => new Promise((resolve) => (answer = resolve)),
    });
    renderSwitcher();
    await openSwitcher(user);
    await user.click(screen.getByRole('option', { name: /Northern Lights/ }));

    const trigger = screen.getByRole('button', { name: /switch organisation/i });
    await waitFor(() => expect(trigger).toBeDisabled());
    expect(server.callsTo('GET', '/npo_admin/select_npo')[0]?.query.get('npo_id')).toBe('2');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => answer({ body: selectResponse(northern, 1123) }));
    expect(await screen.findByText('Switched to Northern Lights Animal Rescue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /switch organisation/i })).toBeEnabled();
    // A peer fundraiser cannot open the dashboard page it was on: it goes to its own start page.
    expect(screen.getByTestId('location')).toHaveTextContent('/peer-dashboard');

    await act(async () => vi.advanceTimersByTime(3100));
    expect(screen.queryByText(/Switched to/)).toBeNull();
  });

  it('reports a failed switch and stays usable', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /npo_admin/select_npo': { status: 500, body: { status: 500, code: 'INTERNAL', message: 'x' } } });
    renderSwitcher();
    await openSwitcher(user);
    await user.click(screen.getByRole('option', { name: /Northern Lights/ }));
    expect(await screen.findByText(/Could not switch to Northern Lights Animal Rescue/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /switch organisation/i })).toBeEnabled();
  });
});
