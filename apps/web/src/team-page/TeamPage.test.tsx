import type { TPeerTeamPage } from '@kindling/contracts/peer-teams.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { TeamPage } from './TeamPage.tsx';

const PATH = '/team-page/spring-appeal-runners';
const API = 'GET /npo_admin/team_page/spring-appeal-runners';

const runners = (extra: Partial<TPeerTeamPage> = {}): TPeerTeamPage => ({
  id: 4,
  campaign_id: 3,
  campaign_name: 'Spring Appeal',
  name: 'Spring Appeal Runners',
  team_url: 'spring-appeal-runners',
  story: '<p>We run for the food bank.</p>',
  image_url: null,
  goal_minor: 300_000,
  captain: 'Fern Raiser',
  raised_minor: 150_000,
  currency: 'USD',
  locale: 'en-US',
  members: [
    {
      page_id: 11,
      title: 'Team Sam',
      fundraiser: 'Fern Raiser',
      campaign_url: 'spring-appeal-team-sam',
      captain: true,
      raised_minor: 100_000,
      goal_minor: 250_000,
    },
    {
      page_id: 12,
      title: 'Mara runs',
      fundraiser: 'Mara Lee',
      campaign_url: 'spring-appeal-team-mara',
      captain: false,
      raised_minor: 50_000,
      goal_minor: null,
    },
  ],
  gifts: [
    { donor_name: 'Ivy', amount_minor: 2_500, page_title: 'Team Sam', given_at: '2026-11-20T10:00:00.000Z' },
    {
      donor_name: 'Anonymous supporter',
      amount_minor: 0,
      page_title: 'Mara runs',
      given_at: '2026-11-19T10:00:00.000Z',
    },
  ],
  donate_url: '/raise/team-spring-appeal-runners',
  team_fundraising: true,
  ...extra,
});

/** The team as the server places it in team.html. */
const inline = (team: TPeerTeamPage) => {
  const node = document.createElement('script');
  node.type = 'application/json';
  node.id = 'kindling-team';
  node.textContent = JSON.stringify(team);
  document.body.append(node);
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.getElementById('kindling-team')?.remove();
});

describe('the public team page', () => {
  it('shows the team from the page: progress, give, story, members best first with the captain, latest gifts', () => {
    const fetch = stubFetch({});
    inline(runners());
    render(<TeamPage pathname={PATH} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Spring Appeal Runners' })).toBeInTheDocument();
    expect(screen.getByText('A team for Spring Appeal · captain Fern Raiser')).toBeInTheDocument();
    expect(screen.getByText('$1,500')).toBeInTheDocument();
    expect(screen.getByText('raised of the team’s $3,000 goal')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress towards the team’s goal' })).toHaveAttribute(
      'value',
      '50',
    );
    expect(screen.getByRole('link', { name: 'Give to the team' })).toHaveAttribute(
      'href',
      '/raise/team-spring-appeal-runners',
    );
    expect(screen.getByText('We run for the food bank.')).toBeInTheDocument();
    const members = within(screen.getByRole('region', { name: 'Members' })).getAllByRole('listitem');
    expect(members.map((m) => m.textContent)).toEqual(['Fern Raiser (captain)$1,000', 'Mara Lee$500']);
    expect(screen.getByRole('link', { name: 'Mara Lee' })).toHaveAttribute('href', '/raise/spring-appeal-team-mara');
    expect(screen.getByText('Ivy gave $25 through “Team Sam”')).toBeInTheDocument();
    expect(screen.getByText('Anonymous supporter gave through “Mara runs”')).toBeInTheDocument();
    // The team came with the page: nothing was asked for.
    expect(fetch.calls).toEqual([]);
  });

  it('fetches a team that was not placed in the page, and says when there is none', async () => {
    stubFetch({ [API]: { body: runners() } });
    const { unmount } = render(<TeamPage pathname={PATH} />);
    expect(await screen.findByRole('heading', { name: 'Spring Appeal Runners' })).toBeInTheDocument();
    unmount();
    stubFetch({});
    render(<TeamPage pathname="/team-page/nobody" />);
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
  });

  it('shows a new gift without a reload: the team is asked again every 30 s while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let round = 0;
    const fetch = stubFetch({
      [API]: () => {
        round += 1;
        const sam = runners().members[0];
        if (!sam) throw new Error('fixture');
        return {
          body: runners({
            raised_minor: 160_000,
            members: [{ ...sam, raised_minor: 110_000 }, ...runners().members.slice(1)],
            gifts: [
              {
                donor_name: 'Grace',
                amount_minor: 10_000,
                page_title: 'Team Sam',
                given_at: '2026-11-21T10:00:00.000Z',
              },
              ...runners().gifts,
            ],
          }),
        };
      },
    });
    inline(runners());
    render(<TeamPage pathname={PATH} />);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(fetch.callsTo('GET', '/npo_admin/team_page/spring-appeal-runners')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Grace gave $100 through “Team Sam”')).toBeInTheDocument();
    expect(screen.getByText('$1,600')).toBeInTheDocument();
    expect(round).toBe(1);
  });

  it('asks to join the team by e-mail; a campaign without teams shows no join button', async () => {
    const fetch = stubFetch({
      'GET /auth/config': { body: {} },
      'POST /fundraiser': { body: { fundraiser: null, confirmation_sent: true } },
    });
    inline(runners());
    const { unmount } = render(<TeamPage pathname={PATH} />);
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByRole('radio', { name: 'Join Spring Appeal Runners' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Jo');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'jo@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).toEqual({
      first_name: 'Jo',
      last_name: 'Baker',
      email: 'jo@example.org',
      campaign_id: 3,
      team_id: 4,
    });
    unmount();
    document.getElementById('kindling-team')?.remove();
    inline(runners({ team_fundraising: false }));
    render(<TeamPage pathname={PATH} />);
    expect(screen.queryByRole('button', { name: 'Join the team' })).toBeNull();
  });

  it('starts a new team instead, and shows the server’s word on the team name', async () => {
    const fetch = stubFetch({
      'GET /auth/config': { body: {} },
      'POST /fundraiser': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          fields: { new_team_name: 'The team name must be at most 100 characters' },
        },
      },
    });
    inline(runners());
    render(<TeamPage pathname={PATH} />);
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Start a new team' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Team name' }), 'Canal Cyclists');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Jo');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'jo@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The team name must be at most 100 characters')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).toMatchObject({ new_team_name: 'Canal Cyclists' });
    expect(fetch.callsTo('POST', '/fundraiser')[0]?.body).not.toHaveProperty('team_id');
  });
});
