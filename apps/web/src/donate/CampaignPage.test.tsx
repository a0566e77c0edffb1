import { moneyPatternsFor } from '@kindling/contracts/money-pattern.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { CampaignPage } from './CampaignPage.tsx';
import { parsePublicRoute } from './campaign-source.ts';
import { thankYouTarget } from './DonationForm.tsx';
import { ThankYou } from './ThankYou.tsx';
import { testCampaign } from './test-campaign.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('kindling-campaign')?.remove();
});

describe('thank-you view', () => {
  it('thanks the donor with the interval, amount and organisation', async () => {
    const restart = vi.fn();
    render(
      <ThankYou
        campaign={testCampaign()}
        outcome={{ status: 'success', donation: null, interval: 'monthly', totalMinor: 2580, currency: 'USD' }}
        onRestart={restart}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Thank you for your monthly $25.80 donation to Riverside Food Bank.' }),
    ).toHaveFocus();
    expect(screen.getByText('Your donation will help Riverside Food Bank continue their mission.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Campaign Page' }));
    expect(restart).toHaveBeenCalled();
  });

  it("shows the campaign's own message instead, once-off as 'one time'", () => {
    render(
      <ThankYou
        campaign={testCampaign({ thank_you_message: 'You made our day.' })}
        outcome={{ status: 'success', donation: null, interval: 'once', totalMinor: 1000, currency: 'EUR' }}
        onRestart={() => undefined}
      />,
    );
    expect(screen.getByText('You made our day.')).toBeInTheDocument();
    expect(screen.queryByText(/Thank you for your/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to Campaign Page' })).toBeInTheDocument();
  });
});

describe('campaign page states', () => {
  it('loads the campaign by URL and shows the header and form', async () => {
    const api = stubFetch({ 'GET /npo_admin/campaign_page': { body: { campaign: testCampaign() } } });
    render(<CampaignPage pathname="/spring-appeal" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Appeal' })).toBeInTheDocument();
    expect(screen.getByText('Riverside Food Bank')).toBeInTheDocument();
    expect(api.callsTo('GET', '/npo_admin/campaign_page')[0]?.query.get('campaign_url')).toBe('spring-appeal');
  });

  it("shows the campaign's description below the form", async () => {
    stubFetch({
      'GET /npo_admin/campaign_page': {
        body: { campaign: testCampaign({ description: '<p>Shelves run <em>low</em></p>' }) },
      },
    });
    render(<CampaignPage pathname="/spring-appeal" />);
    const about = await screen.findByRole('region', { name: 'About this campaign' });
    expect(about).toHaveTextContent('Shelves run low');
    expect(about.querySelector('em')).not.toBeNull();
  });

  it('reports the page view once, in an idle period after the first render', async () => {
    const api = stubFetch({ 'POST /npo_admin/funnel_event': { status: 204 } });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'kindling-campaign';
    // A campaign of its own: the beacon reports each campaign's view once per page load.
    const campaign = testCampaign({ campaign_id: 9876, description: '<p>Shelves run low</p>' });
    script.textContent = JSON.stringify({ campaign });
    document.body.append(script);
    render(<CampaignPage pathname="/spring-appeal" />);
    // The beacon waits for an idle period (docs/product/donation-form.md#performance)...
    expect(screen.getByRole('group', { name: 'Suggested amounts' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/npo_admin/funnel_event')).toHaveLength(0);
    // ...and then reports the view, once.
    await vi.waitFor(() => expect(api.callsTo('POST', '/npo_admin/funnel_event')).toHaveLength(1));
    expect(screen.getByText('Choose or enter an amount to continue.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About this campaign' })).toHaveTextContent('Shelves run low');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST', '/npo_admin/funnel_event')).toHaveLength(1);
  });

  it('uses the campaign the server inlined without fetching', () => {
    const api = stubFetch({});
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'kindling-campaign';
    script.textContent = JSON.stringify({ campaign: testCampaign({ name: 'Inlined' }) });
    document.body.append(script);
    render(<CampaignPage pathname="/spring-appeal" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Inlined' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("writes the first view's amounts with the campaign's money patterns, creating no Intl object", () => {
    stubFetch({});
    // A locale no other test formats in, so no formatter is cached from before.
    const locale = 'en-IE';
    const campaign = testCampaign({
      locale,
      currency: 'EUR',
      raised_currency: 'EUR',
      goal_minor: 500000,
      days_left: 12,
    });
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'kindling-campaign';
    script.textContent = JSON.stringify({
      campaign: { ...campaign, money_patterns: moneyPatternsFor(locale, ['EUR']) },
    });
    document.body.append(script);
    const created = ['NumberFormat', 'DateTimeFormat', 'PluralRules'].map((name) =>
      vi.spyOn(Intl, name as 'NumberFormat'),
    );
    render(<CampaignPage pathname="/spring-appeal" />);
    expect(screen.getByRole('group', { name: 'Suggested amounts' })).toHaveTextContent('€25');
    for (const spy of created) expect(spy).not.toHaveBeenCalled();
  });

  it('shows the fundraiser on a peer page', async () => {
    const peer = {
      id: 9,
      name: 'Team Sam',
      campaign_url: 'team-sam',
      owner_name: 'Sam Lee',
      raised_minor: 12000,
      donors: 3,
      goal_minor: 50000,
    };
    stubFetch({ 'GET /npo_admin/campaign_page': { body: { campaign: testCampaign({ peer }) } } });
    render(<CampaignPage pathname="/raise/team-sam" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Sam' })).toBeInTheDocument();
    expect(screen.getByText(/is fundraising for Spring Appeal/)).toHaveTextContent('$120.00 raised from 3 donors');
  });

  it('reads an embed by numeric id', async () => {
    const api = stubFetch({ 'GET /npo_admin/campaigns/7': { body: { campaign: testCampaign() } } });
    render(<CampaignPage pathname="/campaign-embed/7" />);
    expect(await screen.findByRole('button', { name: 'Once-off' })).toBeInTheDocument();
    // Chromeless: no page header inside the iframe, only a level-one heading for screen readers.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Donate to Spring Appeal');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(api.callsTo('GET', '/npo_admin/campaigns/7')).toHaveLength(1);
  });

  it("says 'Failed to load campaign data' when the read fails, and retries", async () => {
    let fail = true;
    stubFetch({
      'GET /npo_admin/campaign_page': () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: { campaign: testCampaign() } },
    });
    render(<CampaignPage pathname="/spring-appeal" />);
    expect(await screen.findByRole('heading', { name: 'Failed to load campaign data' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Appeal' })).toBeInTheDocument();
  });

  it("says 'No campaign data available' for an unknown or ended campaign", async () => {
    stubFetch({});
    render(<CampaignPage pathname="/nothing-here" />);
    expect(await screen.findByRole('heading', { name: 'No campaign data available' })).toBeInTheDocument();
  });

  // console24: a suspended organisation's page (docs/decisions/046-platform-console.md).
  it('shows a neutral notice and no form while the organisation is not accepting gifts', async () => {
    stubFetch({ 'GET /npo_admin/campaign_page': { body: { campaign: testCampaign({ accepting_gifts: false }) } } });
    render(<CampaignPage pathname="/spring-appeal" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not accepting gifts' })).toBeInTheDocument();
    expect(screen.getByText(/is not accepting gifts at the moment/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /donate/i })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('treats a campaign that is not active as not found', async () => {
    stubFetch({ 'GET /npo_admin/campaign_page': { body: { campaign: testCampaign({ status: 'ended' }) } } });
    render(<CampaignPage pathname="/spring-appeal" />);
    expect(await screen.findByRole('heading', { name: 'No campaign data available' })).toBeInTheDocument();
  });
});

describe('parsePublicRoute', () => {
  it('maps each public address to what it loads', () => {
    expect(parsePublicRoute('/spring-appeal')).toEqual({ kind: 'page', key: 'spring-appeal' });
    expect(parsePublicRoute('/subscriptions/club/')).toEqual({ kind: 'subscriptions', key: 'club' });
    expect(parsePublicRoute('/raise/team-sam')).toEqual({ kind: 'raise', key: 'team-sam' });
    expect(parsePublicRoute('/campaign-embed/7')).toEqual({ kind: 'embed', key: '7' });
    expect(parsePublicRoute('/a/b/c')).toBeNull();
    expect(parsePublicRoute('/')).toBeNull();
  });
});

describe('the campaign’s thank-you URL after a gift', () => {
  const base = 'https://give.example.org/spring-appeal';
  it('sends the donor to a web address, relative ones resolved against the page', () => {
    expect(thankYouTarget('https://riverside.example/thanks', base)).toBe('https://riverside.example/thanks');
    expect(thankYouTarget(' /thanks ', base)).toBe('https://give.example.org/thanks');
  });
  it('keeps the donor on our own view for no URL, a script or a malformed one', () => {
    expect(thankYouTarget('', base)).toBeNull();
    expect(thankYouTarget('javascript:alert(1)', base)).toBeNull();
    expect(thankYouTarget('http://[::1', base)).toBeNull();
  });
});
