import type { TPeerStaffTeam } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TeamsTable } from './TeamsTable.tsx';

const walkers: TPeerStaffTeam = {
  id: 9,
  name: 'Waiting Walkers',
  team_url: 'waiting-walkers',
  captain: 'Sam Rivera',
  members: 1,
  raised_minor: 0,
  goal_minor: null,
  state: 'pending',
};
const LIST = 'GET /npo_admin/peer_to_peer/3/teams';
const APPROVE = 'POST /npo_admin/peer_to_peer/3/teams/9/approve';

const render = () =>
  renderRoutes([{ path: '/', element: <TeamsTable campaignId={3} /> }], { session: signedInSession(7789) });

describe('TeamsTable', () => {
  it('approves a team waiting for approval: the badge and button go, the team is live', async () => {
    const fetch = stubFetch({
      [LIST]: { body: { currency: 'USD', teams: [walkers] } },
      [APPROVE]: { body: { currency: 'USD', teams: [{ ...walkers, state: 'live' }] } },
    });
    render();
    const row = (await screen.findByRole('link', { name: 'Waiting Walkers' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting for approval')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Approve Waiting Walkers' }));
    expect(await screen.findByText('The team is live.')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for approval')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Waiting Walkers' })).not.toBeInTheDocument();
    expect(fetch.callsTo('POST', '/npo_admin/peer_to_peer/3/teams/9/approve')).toHaveLength(1);
  });

  it('says so when the approval fails, and the team stays pending', async () => {
    stubFetch({
      [LIST]: { body: { currency: 'USD', teams: [walkers] } },
      [APPROVE]: { status: 500, body: { status: 500, code: 'INTERNAL', message: 'boom' } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Waiting Walkers' }));
    expect(await screen.findByText('The team could not be approved. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Waiting Walkers' })).toBeEnabled();
  });

  it('searches by team or captain and sorts by a column, both ways', async () => {
    const runners = {
      ...walkers,
      id: 1,
      name: 'Runners',
      team_url: 'runners',
      captain: 'Ada Lane',
      members: 3,
      raised_minor: 90_000,
      goal_minor: 100_000,
      state: 'live' as const,
    };
    const bakers = {
      ...walkers,
      id: 2,
      name: 'Bakers',
      team_url: 'bakers',
      captain: 'Zoe Kim',
      members: 2,
      raised_minor: 40_000,
      state: 'live' as const,
    };
    stubFetch({ [LIST]: { body: { currency: 'USD', teams: [walkers, runners, bakers] } } });
    render();
    await screen.findByRole('link', { name: 'Runners' });
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('link')[0]?.textContent);
    expect(names()).toEqual(['Runners', 'Bakers', 'Waiting Walkers']);
    await userEvent.click(screen.getByRole('button', { name: 'Team' }));
    expect(names()).toEqual(['Bakers', 'Runners', 'Waiting Walkers']);
    expect(screen.getByRole('columnheader', { name: 'Team' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Team' }));
    expect(names()).toEqual(['Waiting Walkers', 'Runners', 'Bakers']);
    await userEvent.click(screen.getByRole('button', { name: 'Members' }));
    expect(names()).toEqual(['Runners', 'Bakers', 'Waiting Walkers']);
    await userEvent.type(screen.getByLabelText('Search teams'), 'zoe');
    expect(names()).toEqual(['Bakers']);
    await userEvent.clear(screen.getByLabelText('Search teams'));
    await userEvent.type(screen.getByLabelText('Search teams'), 'nobody');
    expect(screen.getByText('No team matches “nobody”.')).toBeInTheDocument();
  }, 60_000);
});
