import type { TPeerCaptainTeam } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FundraisingTeamPage } from './FundraisingTeamPage.tsx';

const team: TPeerCaptainTeam = {
  id: 4,
  campaign_id: 3,
  campaign_name: 'Spring Appeal',
  name: 'Spring Appeal Runners',
  team_url: 'spring-appeal-runners',
  story: '<p>We run.</p>',
  image_url: null,
  goal_minor: 250_000,
  captain: 'Sam Rivera',
  raised_minor: 90_000,
  currency: 'USD',
  state: 'live',
  invitations: [],
  members: [
    {
      page_id: 7,
      title: 'Team Sam',
      fundraiser: 'Sam Rivera',
      campaign_url: 'spring-appeal-team-sam',
      captain: true,
      raised_minor: 60_000,
      goal_minor: null,
    },
    {
      page_id: 8,
      title: 'Team Marcus',
      fundraiser: 'Marcus Lee',
      campaign_url: 'spring-appeal-team-marcus',
      captain: false,
      raised_minor: 30_000,
      goal_minor: null,
    },
  ],
};

const render = (id = '4') =>
  renderRoutes([{ path: '/fundraising-team/:id', element: <FundraisingTeamPage /> }], {
    initialEntries: [`/fundraising-team/${id}`],
    session: signedInSession(1123),
  });

describe('FundraisingTeamPage', () => {
  it('shows the team’s progress and members, and removes a member but never the captain', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/peer_teams/4': { body: team },
      'DELETE /npo_admin/peer_teams/4/members/8': {
        body: { ...team, raised_minor: 60_000, members: [team.members[0]] },
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Spring Appeal Runners' })).toBeInTheDocument();
    expect(screen.getByText('$900.00 raised of $2,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Sam Rivera/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Marcus Lee from the team' }));
    expect(await screen.findByText('$600.00 raised of $2,500.00')).toBeInTheDocument();
    expect(screen.queryByText('Marcus Lee')).not.toBeInTheDocument();
    expect(fetch.callsTo('DELETE', '/npo_admin/peer_teams/4/members/8')).toHaveLength(1);
  });

  it('invites into the team with the preselected-team sentence and sends the team', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/peer_teams/4': { body: team },
      'POST /fundraiser': { body: { fundraiser: null, confirmation_sent: false } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a fundraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a fundraiser' });
    expect(within(dialog).getByText('This fundraiser will be added to the Spring Appeal Runners team.')).toBeVisible();
    expect(within(dialog).queryByText('Role')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Rita');
    await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Runner');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'rita@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await screen.findByText('Invitation sent to rita@example.org');
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).toMatchObject({
      campaign_id: 3,
      team_id: 4,
      role: 'fundraiser',
    });
  }, 60_000);

  it('shows the team story in the rich-text editor and saves it as HTML', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/peer_teams/4': { body: team },
      'PUT /npo_admin/peer_teams/4': { body: team },
    });
    render();
    const story = await screen.findByRole('textbox', { name: 'Team story' });
    expect(story).toHaveAttribute('contenteditable', 'true');
    expect(within(story).getByText('We run.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    // Typing into the editor needs a real browser (jsdom has no layout): e2e/specs/peer-dashboard.spec.ts.
    await userEvent.click(screen.getByRole('button', { name: 'Save team' }));
    await screen.findByText('Your team is saved.');
    expect(fetch.callsTo('PUT', '/npo_admin/peer_teams/4')[0]?.body).toMatchObject({
      name: 'Spring Appeal Runners',
      story: '<p>We run.</p>',
    });
  }, 60_000);

  it('says the team is not found for another team (404)', async () => {
    stubFetch({});
    render('5');
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
  });
});
