import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { campaignItem, listOf } from '../test-support.ts';
import { CampaignsPage } from './CampaignsPage.tsx';

const render = (entry = '/dashboard/campaigns', code: 5150 | 1984 = 5150) =>
  renderRoutes([{ path: '/dashboard/campaigns', element: <CampaignsPage /> }], {
    initialEntries: [entry],
    session: signedInSession(code),
  });

describe('CampaignsPage', () => {
  it('lists campaigns with their public link, status, money raised against the goal and donors', async () => {
    stubFetch({
      'GET /npo_admin/campaigns': {
        body: listOf([
          campaignItem(1, { name: 'Spring appeal', campaign_url: 'spring-appeal', goal_minor: 500_000 }),
          campaignItem(2, { name: 'Winter', status: 'draft', raised_minor: 0, raised_currency: 'JPY', donors: 0 }),
        ]),
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const spring = within(table).getByRole('row', { name: /Spring appeal/ });
    expect(within(spring).getByRole('link', { name: /\/spring-appeal/ })).toHaveAttribute('href', '/spring-appeal');
    expect(within(spring).getByRole('link', { name: /\/spring-appeal/ })).toHaveAttribute('target', '_blank');
    expect(within(spring).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(spring).getByText('of $5,000.00')).toBeInTheDocument();
    expect(within(spring).getByRole('progressbar', { name: '24% of the goal of $5,000.00' })).toBeInTheDocument();
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    const winter = within(table).getByRole('row', { name: /Winter/ });
    expect(within(winter).getByText('¥0')).toBeInTheDocument();
    expect(within(winter).getByText('Draft')).toBeInTheDocument();
  });

  it('sends the search (after a pause) and the status filter to the server and keeps them in the URL', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/campaigns': ({ query }) =>
        query.get('search') === 'zzz' ? { body: listOf([]) } : { body: listOf([campaignItem(1)]) },
    });
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('table', { name: 'Campaigns' });
    await user.click(screen.getByRole('radio', { name: 'Ended' }));
    await waitFor(() => expect(fetchStub.calls.at(-1)?.query.get('status')).toBe('ended'));
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'zzz');
    expect(await screen.findByText('No campaigns match')).toBeInTheDocument();
    const last = fetchStub.calls.at(-1);
    expect([last?.query.get('search'), last?.query.get('status')]).toEqual(['zzz', 'ended']);
    expect(router.state.location.search).toBe('?status=ended&search=zzz');
    // Typing is debounced: not one request per letter.
    expect(fetchStub.calls.filter((c) => c.query.get('search')).length).toBe(1);
  });

  it('shows the first-campaign state with a link to create one', async () => {
    stubFetch({ 'GET /npo_admin/campaigns': { body: listOf([]) } });
    render();
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/dashboard/campaign-new');
  });

  it('shows an error with a retry that loads the list again', async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/campaigns': () =>
        fail ? { status: 500, body: { message: 'Something broke' } } : { body: listOf([campaignItem(7)]) },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Campaigns could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Campaign 7/ })).toBeInTheDocument();
  });

  it('ends a campaign only after confirmation, then reloads the list', async () => {
    let status: 'active' | 'ended' = 'active';
    const fetchStub = stubFetch({
      'GET /npo_admin/campaigns': () => ({ body: listOf([campaignItem(3, { name: 'Gala', status })]) }),
      'POST /npo_admin/campaigns/3/status': ({ body }) => {
        status = (body as { status: 'ended' }).status;
        return { body: { campaign: {} } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Actions for Gala' }));
    await user.click(await screen.findByRole('menuitem', { name: 'End campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this campaign?' });
    expect(fetchStub.callsTo('POST', '/npo_admin/campaigns/3/status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End campaign' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Gala/ })).toHaveTextContent('Ended'));
    expect(fetchStub.callsTo('POST', '/npo_admin/campaigns/3/status')[0]?.body).toEqual({ status: 'ended' });
  });

  it('offers staff without write access no status change', async () => {
    stubFetch({ 'GET /npo_admin/campaigns': { body: listOf([campaignItem(3, { name: 'Gala' })]) } });
    const user = userEvent.setup();
    render('/dashboard/campaigns', 1984);
    await user.click(await screen.findByRole('button', { name: 'Actions for Gala' }));
    expect(await screen.findByRole('menuitem', { name: 'View donations' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'End campaign' })).toBeNull();
  });

  it('invites a fundraiser from an active campaign: field messages first, then the server, then it closes', async () => {
    const fetchStub = stubFetch({
      'GET /npo_admin/campaigns': { body: listOf([campaignItem(3, { name: 'Gala' })]) },
      'POST /fundraiser': ({ body }) =>
        (body as { email: string }).email === 'taken@example.org'
          ? { status: 400, body: { status: 400, message: 'x', fields: { email: 'Use another address' } } }
          : {
              body: {
                fundraiser: {
                  id: 1,
                  campaign_id: 3,
                  first_name: 'Rosa',
                  last_name: 'Parks',
                  email: 'rosa@example.org',
                  role: 'leader',
                  status: 'invited',
                  peer_campaign_id: null,
                  invited_at: '2026-11-21T10:00:00.000Z',
                  joined_at: null,
                },
              },
            },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Actions for Gala' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Invite fundraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a fundraiser' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', '/fundraiser')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Rosa');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Parks');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'taken@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Use another address')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'rosa@example.org');
    await user.click(within(dialog).getByRole('radio', { name: 'Team Leader' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a fundraiser' })).toBeNull());
    expect(fetchStub.callsTo('POST', '/fundraiser').at(-1)?.body).toEqual({
      first_name: 'Rosa',
      last_name: 'Parks',
      email: 'rosa@example.org',
      role: 'leader',
      campaign_id: 3,
      team_id: null,
    });
    expect(await screen.findByText('Invitation sent to rosa@example.org')).toBeInTheDocument();
  });

  // p16: spec 02's team picker, for a campaign that takes teams (docs/decisions/070-team-fundraising-switch.md).
  for (const takesTeams of [true, false]) {
    it(`${takesTeams ? 'invites a fundraiser into one of the campaign’s teams' : 'offers no team when the campaign takes none'}`, async () => {
      const fetchStub = stubFetch({
        'GET /npo_admin/campaigns': { body: listOf([campaignItem(3, { name: 'Gala' })]) },
        'GET /npo_admin/campaign_page/team_leaderboard': () => ({
          body: {
            currency: 'USD',
            team_fundraising: takesTeams,
            teams: [
              { id: 41, name: 'Gala Runners', team_url: 'gala-runners', raised_minor: 0, goal_minor: null, members: 2 },
            ],
          },
        }),
        'POST /fundraiser': { body: { fundraiser: null, confirmation_sent: false } },
      });
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: 'Actions for Gala' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Invite fundraiser' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite a fundraiser' });
      await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Rosa');
      await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Parks');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'rosa@example.org');
      if (!takesTeams) {
        await waitFor(() =>
          expect(fetchStub.callsTo('GET', '/npo_admin/campaign_page/team_leaderboard')).toHaveLength(1),
        );
        await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a fundraiser' })).toBeNull());
        expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
        expect(fetchStub.callsTo('POST', '/fundraiser').at(-1)?.body).toMatchObject({ team_id: null });
        return;
      }
      await user.click(await within(dialog).findByRole('combobox', { name: 'Team' }));
      await user.click(await screen.findByRole('option', { name: 'Gala Runners' }));
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a fundraiser' })).toBeNull());
      expect(fetchStub.callsTo('GET', '/npo_admin/campaign_page/team_leaderboard')[0]?.query.get('campaign_id')).toBe(
        '3',
      );
      expect(fetchStub.callsTo('POST', '/fundraiser').at(-1)?.body).toMatchObject({ campaign_id: 3, team_id: 41 });
    }, 60_000);
  }
});
