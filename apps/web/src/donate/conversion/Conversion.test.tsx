import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { DonationForm } from '../DonationForm.tsx';
import { testCampaign } from '../test-campaign.ts';
import { resetFunnelEvents } from './beacon.ts';

type Overrides = Parameters<typeof testCampaign>[0];
const setup = (overrides: Overrides = {}, preview = true) => {
  const user = userEvent.setup();
  render(<DonationForm campaign={testCampaign(overrides)} preview={preview} />);
  return user;
};
const continueWith = async (user: ReturnType<typeof userEvent.setup>, amount: string) => {
  await user.type(screen.getByLabelText('Or enter your own amount'), amount);
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
};
const paymentTitle = () => screen.findByRole('heading', { name: /^Payment/ });

let beacons: Array<{ url: string; body: string }> = [];
beforeEach(() => {
  resetFunnelEvents();
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      void data.text().then((body) => beacons.push({ url, body }));
      return true;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('monthly upsell', () => {
  it('offers a quarter of a one-off gift as a round monthly amount; accepting makes the gift monthly', async () => {
    const user = setup();
    await continueWith(user, '100');
    expect(await screen.findByRole('heading', { name: 'Could you give monthly instead?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, give $25.00 monthly' }));
    expect(await paymentTitle()).toHaveTextContent('$25.00 · Monthly');
  });

  it('declining keeps the one-off gift', async () => {
    const user = setup();
    await continueWith(user, '50');
    await user.click(await screen.findByRole('button', { name: 'No, give $50.00 once' }));
    expect(await paymentTitle()).toHaveTextContent('$50.00 · Once-off');
  });

  it('is not offered when the campaign switched it off, for a monthly gift, or without monthly giving', async () => {
    let user = setup({ campaign_settings: { upsell_monthly: false } });
    await continueWith(user, '100');
    expect(await paymentTitle()).toHaveTextContent('$100.00 · Once-off');
    document.body.innerHTML = '';
    user = setup({ intervals: ['once'] });
    await continueWith(user, '100');
    expect(await paymentTitle()).toHaveTextContent('$100.00 · Once-off');
    expect(screen.queryByText('Could you give monthly instead?')).toBeNull();
  });

  it('counts the page view, step 1, the offer, its acceptance and the payment step by beacon', async () => {
    stubFetch({});
    const user = setup({}, false);
    await continueWith(user, '100');
    await user.click(await screen.findByRole('button', { name: 'Yes, give $25.00 monthly' }));
    await vi.waitFor(() => expect(beacons).toHaveLength(5));
    expect(beacons.every((b) => b.url === '/api/v1/npo_admin/funnel_event')).toBe(true);
    expect(beacons.map((b) => JSON.parse(b.body).event).sort()).toEqual(
      ['payment', 'step1', 'upsell_accepted', 'upsell_offered', 'view'].sort(),
    );
  });
});

describe('tribute gifts', () => {
  it('is offered only by campaigns that switched tributes on', () => {
    setup();
    expect(screen.queryByRole('checkbox', { name: 'Give in honour or in memory of someone' })).toBeNull();
  });

  it('asks for the honoree and a valid e-card address, then sends the tribute with the intent', async () => {
    const { callsTo } = stubFetch({
      'POST /npo_admin/intent': {
        body: { intent: { id: 'pi_1', client_secret: 'pi_1_secret_x' }, provider: 'sandbox', stripe_account: null },
      },
      'POST /npo_admin/checkout_started': { status: 204 },
    });
    const user = setup({ campaign_settings: { tributes: true, upsell_monthly: false }, collect_address: false }, false);
    await user.click(screen.getByRole('checkbox', { name: 'Give in honour or in memory of someone' }));
    await user.click(await screen.findByRole('radio', { name: 'In memory of' }));
    await user.type(screen.getByLabelText(/E-card to \(email\)/), 'not-an-email');
    await continueWith(user, '30');
    expect(screen.getByText('Enter the name of the person the gift honours')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address for the e-card')).toBeInTheDocument();
    expect(screen.getByText('Enter the name of the person who receives the e-card')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Payment/ })).toBeNull();

    await user.type(screen.getByLabelText(/Their name/), 'Grace Hopper');
    await user.clear(screen.getByLabelText(/E-card to \(email\)/));
    await user.type(screen.getByLabelText(/E-card to \(email\)/), 'walter@example.org');
    await user.type(screen.getByLabelText(/E-card to \(name\)/), 'Walter');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await paymentTitle()).toHaveTextContent('$30.00 · Once-off');

    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
    await user.click(screen.getByRole('checkbox', { name: /If I don’t finish, Riverside Food Bank may e-mail me/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(callsTo('POST', '/npo_admin/intent')).toHaveLength(1));
    expect(callsTo('POST', '/npo_admin/intent')[0]?.body).toMatchObject({
      amount: 3000,
      tribute: {
        type: 'memory',
        honoree_name: 'Grace Hopper',
        recipient_name: 'Walter',
        recipient_email: 'walter@example.org',
        message: '',
      },
    });
    expect(callsTo('POST', '/npo_admin/checkout_started')[0]?.body).toMatchObject({
      campaign_id: 7,
      email: 'ada@example.org',
      amount: 3000,
      consent: true,
    });
  });

  it('tells nobody about a started checkout without the consent box', async () => {
    const { callsTo } = stubFetch({
      'POST /npo_admin/intent': {
        body: { intent: { id: 'pi_2', client_secret: 'pi_2_secret_x' }, provider: 'sandbox', stripe_account: null },
      },
    });
    const user = setup({ campaign_settings: { upsell_monthly: false }, collect_address: false }, false);
    await continueWith(user, '30');
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(callsTo('POST', '/npo_admin/intent')).toHaveLength(1));
    expect(callsTo('POST', '/npo_admin/checkout_started')).toHaveLength(0);
  });
});

describe('remind me later', () => {
  it('asks for an e-mail and a delay, and confirms the one reminder', async () => {
    const { callsTo } = stubFetch({ 'POST /npo_admin/remind_me': { status: 201, body: { due_at: '2026-01-02' } } });
    const user = setup({}, false);
    await user.click(screen.getByRole('button', { name: 'Not ready yet? Remind me later' }));
    const email = await screen.findByLabelText('Your email');
    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(callsTo('POST', '/npo_admin/remind_me')).toHaveLength(0);
    await user.type(email, 'later@example.org');
    await user.click(screen.getByRole('radio', { name: 'In a week' }));
    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    // The confirmation replaces the form; the toast repeats it in its live region, so both may show.
    const confirmed = 'Thank you. We will e-mail you once, in a week.';
    expect(await screen.findByText(confirmed, { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Remind me later' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/npo_admin/remind_me')[0]?.body).toEqual({
      campaign_id: 7,
      email: 'later@example.org',
      delay: 'week',
    });
  });
});
