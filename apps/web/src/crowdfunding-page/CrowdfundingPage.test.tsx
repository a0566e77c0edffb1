import type { TCrowdfundingPage } from '@kindling/contracts/crowdfunding.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { CrowdfundingPage } from './CrowdfundingPage.tsx';
import { wrapIndex } from './Gallery.tsx';
import { timeLeftText } from './Sidebar.tsx';

const PATH = '/crowdfunding/community-garden';
const API = 'GET /crowdfunding_page/community-garden';

const garden = (extra: Partial<TCrowdfundingPage> = {}): TCrowdfundingPage => ({
  id: 7,
  name: 'Community Garden',
  campaign_url: 'community-garden',
  organisation: 'Riverside Food Bank',
  logo: null,
  locale: 'en-US',
  currency: 'USD',
  call_to_action: 'Grow fresh food',
  description: '<p>Our lot.</p><p>IMAGE2</p>',
  images: [
    { url: '/uploads/1.png', alt: 'Beds at dawn', width: 480, height: 270 },
    {
      url: '/uploads/2.png',
      alt: 'Beds at dusk',
      width: 1600,
      height: 900,
      srcset: '/uploads/2-w480.webp 480w, /uploads/2-w960.webp 960w, /uploads/2-w1600.webp 1600w',
    },
  ],
  goal_minor: 1_000_000,
  raised_minor: 1_250_000,
  raised_currency: 'USD',
  backers: 2,
  funding_model: 'keep_what_you_raise',
  deadline: '2030-01-01T00:00:00.000Z',
  days_left: 5,
  accepting: true,
  team_fundraising: false,
  rewards: [
    {
      id: 3,
      amount_minor: 25000,
      title: 'Harvest basket',
      description: 'The first harvest.',
      image_url: '',
      delivery_date: '2030-03-01',
      claimed: 10,
      remaining: 0,
      shipping_required: true,
      fair_market_value_minor: 4000,
    },
  ],
  updates: [
    { id: 1, date: '2029-12-01T12:00:00.000Z', title: 'The lot is cleared', content: '<p>Done.</p><p>IMAGE2</p>' },
  ],
  backer_list: [
    { name: 'Maya Ortiz', amount_minor: 5000, currency: 'USD' },
    { name: 'Anonymous', amount_minor: null, currency: null },
  ],
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('kindling-crowdfunding')?.remove();
});

describe('crowdfunding page', () => {
  it('shows a spinner while loading, then the campaign: story with its images, figures capped at 100 %', async () => {
    stubFetch({ [API]: { body: garden() } });
    render(<CrowdfundingPage pathname={PATH} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Garden' })).toBeInTheDocument();
    expect(screen.getByText('Project by')).toBeInTheDocument();
    const story = screen.getByRole('tabpanel');
    expect(within(story).getByRole('img', { name: 'Beds at dusk' })).toHaveAttribute('src', '/uploads/2.png');
    expect(screen.getByRole('progressbar', { name: 'Funded' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('125% Funded')).toBeInTheDocument();
    expect(screen.getByText('5 days')).toHaveClass('cf-time-soon');
    expect(screen.getByText('All claimed', { selector: 'button' })).toBeDisabled();
  });

  it('wraps the gallery both ways and shows the tabs: updates, comments, backers', async () => {
    stubFetch({ [API]: { body: garden() } });
    render(<CrowdfundingPage pathname={PATH} />);
    await screen.findByRole('heading', { level: 1 });
    const gallery = screen.getByRole('region', { name: 'Campaign images' });
    await userEvent.click(within(gallery).getByRole('button', { name: 'Previous image' }));
    expect(within(gallery).getByRole('img')).toHaveAttribute('alt', 'Beds at dusk');
    await userEvent.click(within(gallery).getByRole('button', { name: 'Next image' }));
    expect(within(gallery).getByRole('img')).toHaveAttribute('alt', 'Beds at dawn');
    await userEvent.click(screen.getByRole('tab', { name: 'Updates (1)' }));
    expect(screen.getByRole('heading', { name: 'The lot is cleared' })).toBeInTheDocument();
    // An update's images are the gallery's, in their resized WebP variants with their size.
    const picture = within(screen.getByRole('tabpanel')).getByRole('img', { name: 'Beds at dusk' });
    expect(picture).toHaveAttribute('srcset', expect.stringContaining('/uploads/2-w960.webp 960w'));
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '900');
    await userEvent.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(screen.getByText('Comments feature coming soon')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Backers (2)' }));
    expect(screen.getByText('Maya Ortiz')).toBeInTheDocument();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
  });

  it('shows the empty states and fallbacks of a campaign with nothing yet, and the sample tiers', async () => {
    stubFetch({
      [API]: {
        body: garden({
          description: '',
          call_to_action: ' ',
          rewards: [],
          updates: [],
          backer_list: [],
          backers: 0,
          days_left: 0,
          accepting: false,
        }),
      },
    });
    render(<CrowdfundingPage pathname={PATH} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Join us in making a difference. Your support can change lives.')).toBeInTheDocument();
    expect(screen.getByText('No description available')).toBeInTheDocument();
    expect(screen.getAllByText('Campaign ended').length).toBeGreaterThan(0);
    expect(screen.getByText('Pledge $250.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Updates (0)' }));
    expect(screen.getByText('No updates yet')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for campaign updates')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Backers (0)' }));
    expect(screen.getByText('Be the first to back this project')).toBeInTheDocument();
  });

  it('says when the campaign does not exist, and offers a retry when the server fails', async () => {
    stubFetch({ [API]: { status: 404, body: { message: 'nope' } } });
    const { unmount } = render(<CrowdfundingPage pathname={PATH} />);
    expect(
      await screen.findByRole('heading', { name: 'We could not find that crowdfunding campaign.' }),
    ).toBeInTheDocument();
    unmount();
    let calls = 0;
    stubFetch({ [API]: () => (++calls === 1 ? { status: 500, body: {} } : { body: garden() }) });
    render(<CrowdfundingPage pathname={PATH} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Garden' })).toBeInTheDocument();
  });

  it('tells a backer a reward is gone before paying, and opens the Become a Fundraiser form', async () => {
    const page = garden({
      rewards: [
        { ...garden().rewards[0], remaining: 1, shipping_required: false } as TCrowdfundingPage['rewards'][number],
      ],
    });
    const fetches = stubFetch({
      [API]: { body: page },
      'POST /crowdfunding_page/7/rewards/3/claims': {
        status: 409,
        body: { message: 'Sorry, "Harvest basket" has all been claimed. Choose another reward or give without one.' },
      },
      'GET /auth/config': { body: {} },
      'POST /fundraiser': { body: { fundraiser: {} } },
    });
    render(<CrowdfundingPage pathname={PATH} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harvest basket' }));
    expect(await screen.findByText(/has all been claimed/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/rewards/3/claims')[0]?.body).toEqual({ amount_minor: 25000 });

    await userEvent.click(screen.getByRole('button', { name: 'Become a Fundraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a Fundraiser' });
    await userEvent.type(await within(dialog).findByLabelText('First name'), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('An invitation has been sent to your email')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetches.callsTo('POST', '/fundraiser')[0]?.body).toMatchObject({ email: 'ada@example.org', campaign_id: 7 });
  });

  it('asks where to send a reward that ships, checks it, and holds the reward with it', async () => {
    const page = garden({
      rewards: [{ ...garden().rewards[0], remaining: 1 } as TCrowdfundingPage['rewards'][number]],
    });
    const fetches = stubFetch({
      [API]: { body: page },
      'POST /crowdfunding_page/7/rewards/3/claims': {
        status: 409,
        body: { message: 'Sorry, "Harvest basket" has all been claimed. Choose another reward or give without one.' },
      },
    });
    const user = userEvent.setup();
    render(<CrowdfundingPage pathname={PATH} />);
    await user.click(await screen.findByRole('button', { name: 'Select Harvest basket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Back this project' });
    const form = await within(dialog).findByRole('form', { name: 'Shipping address' }, { timeout: 30_000 });
    expect(within(form).getByText('Where should we send Harvest basket?')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(within(form).getByLabelText('Street address'), '12 Orchard Lane');
    await user.type(within(form).getByLabelText('Town or city'), 'Riverside');
    await user.type(within(form).getByLabelText('Postcode / ZIP'), 'RIVER');
    await user.selectOptions(within(form).getByLabelText('Country'), 'US');
    await user.click(within(form).getByRole('button', { name: 'Continue to your gift' }));
    expect(await within(form).findByText('Enter a ZIP code such as 92501.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Postcode / ZIP')).toHaveAttribute('aria-invalid', 'true');
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/rewards/3/claims')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Postcode / ZIP'));
    await user.type(within(form).getByLabelText('Postcode / ZIP'), '92501');
    await user.click(within(form).getByRole('button', { name: 'Continue to your gift' }));
    // The last one went to someone else: the backer is told before paying.
    expect(await within(form).findByText(/"Harvest basket" has all been claimed/)).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/rewards/3/claims')[0]?.body).toEqual({
      amount_minor: 25000,
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '12 Orchard Lane',
        line2: '',
        city: 'Riverside',
        region: '',
        postal_code: '92501',
        country: 'US',
      },
    });
  }, 60_000);

  it('offers the campaign’s teams in the Become a Fundraiser form when it takes teams', async () => {
    const fetches = stubFetch({
      [API]: { body: garden({ team_fundraising: true }) },
      'GET /npo_admin/campaign_page/team_leaderboard': {
        body: {
          currency: 'USD',
          team_fundraising: true,
          teams: [
            { id: 4, name: 'Garden Diggers', team_url: 'diggers', members: 2, raised_minor: 0, goal_minor: null },
            { id: 5, name: 'Seed Savers', team_url: 'seeds', members: 1, raised_minor: 0, goal_minor: null },
          ],
        },
      },
      'GET /auth/config': { body: {} },
      'POST /fundraiser': { body: { fundraiser: null, confirmation_sent: true } },
    });
    render(<CrowdfundingPage pathname={PATH} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Become a Fundraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a Fundraiser' });
    const team = await within(dialog).findByRole('group', { name: 'Team' });
    expect(within(team).getByRole('radio', { name: 'Fundraise on my own' })).toBeChecked();
    await userEvent.click(await within(team).findByRole('radio', { name: 'Join a team' }));
    await userEvent.selectOptions(within(team).getByLabelText('Choose a team'), 'Seed Savers');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('An invitation has been sent to your email')).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/fundraiser')[0]?.body).toMatchObject({ campaign_id: 7, team_id: 5 });
  });

  it('starts a new team from the Become a Fundraiser form', async () => {
    const fetches = stubFetch({
      [API]: { body: garden({ team_fundraising: true }) },
      'GET /npo_admin/campaign_page/team_leaderboard': { body: { currency: 'USD', team_fundraising: true, teams: [] } },
      'GET /auth/config': { body: {} },
      'POST /fundraiser': { body: { fundraiser: null, confirmation_sent: true } },
    });
    render(<CrowdfundingPage pathname={PATH} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Become a Fundraiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a Fundraiser' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Start a new team' }));
    expect(within(dialog).queryByRole('radio', { name: 'Join a team' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Team name'), 'Compost Crew');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await screen.findByText('An invitation has been sent to your email');
    const body = fetches.callsTo('POST', '/fundraiser')[0]?.body;
    expect(body).toMatchObject({ new_team_name: 'Compost Crew' });
    expect(body).not.toHaveProperty('team_id');
  });

  it('reads the page the server placed in the HTML without asking again', async () => {
    const node = document.createElement('script');
    node.type = 'application/json';
    node.id = 'kindling-crowdfunding';
    node.textContent = JSON.stringify(garden({ name: 'Inlined Garden' }));
    document.body.append(node);
    const fetches = stubFetch({});
    render(<CrowdfundingPage pathname={PATH} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Inlined Garden' })).toBeInTheDocument();
    expect(fetches.calls).toHaveLength(0);
  });
});

describe('page rules', () => {
  it('wraps gallery indexes and words the time left', () => {
    expect([wrapIndex(-1, 5), wrapIndex(5, 5), wrapIndex(2, 5)]).toEqual([4, 0, 2]);
    expect([timeLeftText(0), timeLeftText(1), timeLeftText(20), timeLeftText(null)]).toEqual([
      'Campaign ended',
      '1 day',
      '20 days',
      'No deadline',
    ]);
  });
});
