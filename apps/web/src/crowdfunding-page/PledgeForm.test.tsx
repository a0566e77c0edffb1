// cf17c: the all-or-nothing page (docs/decisions/065-all-or-nothing-settlement.md): the promise said plainly,
// and the modal saves the card (a pledge) instead of paying.
import type { TCrowdfundingPage } from '@kindling/contracts/crowdfunding.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { CrowdfundingPage } from './CrowdfundingPage.tsx';

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
    { url: '/uploads/2.png', alt: 'Beds at dusk', width: 480, height: 270 },
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
  updates: [{ id: 1, date: '2029-12-01T12:00:00.000Z', title: 'The lot is cleared', content: '<p>Done.</p>' }],
  backer_list: [
    { name: 'Maya Ortiz', amount_minor: 5000, currency: 'USD' },
    { name: 'Anonymous', amount_minor: null, currency: null },
  ],
  ...extra,
});

const van = () => garden({ funding_model: 'all_or_nothing', deadline: '2030-01-01T12:00:00.000Z' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an all-or-nothing crowdfunding page', () => {
  it('says plainly that backers are only charged if the goal is met by the deadline', async () => {
    stubFetch({ [API]: { body: van() } });
    render(<CrowdfundingPage pathname={PATH} />);
    expect(
      await screen.findByText('You will only be charged if the goal is met by Jan 1, 2030.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('does not say it on a keep-what-you-raise page', async () => {
    stubFetch({ [API]: { body: garden() } });
    render(<CrowdfundingPage pathname={PATH} />);
    await screen.findByRole('heading', { level: 1, name: 'Community Garden' });
    expect(screen.queryByText(/only be charged if the goal is met/)).not.toBeInTheDocument();
  });

  it('saves the card as a pledge: checks the fields, confirms the card setup, then thanks the backer', async () => {
    const fetches = stubFetch({
      [API]: { body: van() },
      'POST /crowdfunding_page/7/pledges': {
        status: 201,
        body: { reference: 'pledge-ref-123', provider: 'sandbox', setup_id: 'seti_1', client_secret: 'seti_1_secret' },
      },
      'POST /sandbox/payments/seti_1/confirm': { body: { status: 'succeeded', next_action: null } },
      'POST /crowdfunding_pledges/pledge-ref-123/confirm': {
        body: {
          reference: 'pledge-ref-123',
          status: 'pledged',
          amount_minor: 4000,
          currency: 'USD',
          campaign: 'Community Garden',
          deadline: '2030-01-01T12:00:00.000Z',
          failure_message: null,
        },
      },
    });
    const user = userEvent.setup();
    render(<CrowdfundingPage pathname={PATH} />);
    await user.click((await screen.findAllByRole('button', { name: 'Back This Project' }))[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Continue to card' }, { timeout: 30_000 }));
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter the amount you want to pledge.')).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/pledges')).toHaveLength(0);
    await user.type(screen.getByLabelText('Pledge amount (USD)'), '40');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/pledges')[0]?.body).toMatchObject({
      amount_minor: 4000,
      email: 'ada@example.org',
      first_name: 'Ada',
    });
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: /Pledge \$40\.00/ }));
    expect(await screen.findByText(/Your pledge of \$40\.00 is saved/)).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/crowdfunding_pledges/pledge-ref-123/confirm')).toHaveLength(1);
    // The page is read again, so the pledge shows in Raised and Backers.
    expect(fetches.callsTo('GET', '/crowdfunding_page/community-garden').length).toBeGreaterThan(1);
    // Many fields on a shared CI machine: jsdom's accessible-name queries take their time.
  }, 60_000);

  it('holds the chosen reward with the pledge (decision 071)', async () => {
    const page = van();
    const fetches = stubFetch({
      [API]: { body: { ...page, rewards: page.rewards.map((r) => ({ ...r, remaining: 4 })) } },
      'POST /crowdfunding_page/7/pledges': {
        status: 409,
        body: { message: 'Sorry, "Harvest basket" has all been claimed. Choose another reward or give without one.' },
      },
    });
    const user = userEvent.setup();
    render(<CrowdfundingPage pathname={PATH} />);
    await user.click(await screen.findByRole('button', { name: 'Select Harvest basket' }));
    await user.type(await screen.findByLabelText('E-mail', {}, { timeout: 30_000 }), 'ada@example.org');
    // The basket ships: where to send it is asked and checked before anything is held.
    expect(
      screen.getByText('Pledges are saved by card. PayPal is not offered for all-or-nothing pledges.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByText('Enter the street address.')).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/pledges')).toHaveLength(0);
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Street address'), '1 Mill Road');
    await user.type(screen.getByLabelText('Town or city'), 'Leeds');
    await user.type(screen.getByLabelText('Postcode / ZIP'), 'LS1 4AP');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    await waitFor(() => expect(fetches.callsTo('POST', '/crowdfunding_page/7/pledges')).toHaveLength(1));
    expect(fetches.callsTo('POST', '/crowdfunding_page/7/pledges')[0]?.body).toMatchObject({
      amount_minor: 25000,
      reward_id: 3,
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '1 Mill Road',
        city: 'Leeds',
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
    });
    expect(await screen.findByText(/"Harvest basket" has all been claimed/)).toBeInTheDocument();
  }, 60_000);

  it('asks a declined backer for a new card from the e-mail link, then says the pledge will be charged', async () => {
    window.history.replaceState(null, '', `${PATH}?pledge=pledge-ref-123`);
    const summary = {
      reference: 'pledge-ref-123',
      amount_minor: 4000,
      currency: 'USD',
      campaign: 'Community Garden',
      deadline: '2030-01-01T12:00:00.000Z',
      reward_title: null,
    };
    const fetches = stubFetch({
      [API]: { body: van() },
      'GET /crowdfunding_pledges/pledge-ref-123': {
        body: { ...summary, status: 'failed', failure_message: 'Your card was declined.' },
      },
      'POST /crowdfunding_pledges/pledge-ref-123/card': {
        status: 201,
        body: { reference: 'pledge-ref-123', provider: 'sandbox', setup_id: 'seti_2', client_secret: 'seti_2_secret' },
      },
      'POST /sandbox/payments/seti_2/confirm': { body: { status: 'succeeded', next_action: null } },
      'POST /crowdfunding_pledges/pledge-ref-123/confirm': {
        body: { ...summary, status: 'pledged', failure_message: null },
      },
    });
    const user = userEvent.setup();
    render(<CrowdfundingPage pathname={PATH} />);
    expect(await screen.findByRole('dialog', { name: 'Update your card' })).toBeInTheDocument();
    expect(
      await screen.findByText(/could not be charged: Your card was declined\./, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter a new card' }));
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: /Save card and pay \$40\.00/ }));
    expect(await screen.findByText(/will be charged shortly/)).toBeInTheDocument();
    expect(fetches.callsTo('POST', '/crowdfunding_pledges/pledge-ref-123/confirm')).toHaveLength(1);
    window.history.replaceState(null, '', PATH);
  }, 60_000);
});
