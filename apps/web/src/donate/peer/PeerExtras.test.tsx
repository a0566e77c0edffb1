import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { GIFT_COMPLETED_EVENT } from '../page-events.ts';
import { testCampaign } from '../test-campaign.ts';
import PeerExtras from './PeerExtras.tsx';

const BOARD = '/npo_admin/campaign_page/leaderboard';
const fundraiser = (id: number, raised: number, featured = false) => ({
  id,
  title: `Page ${id}`,
  fundraiser: `Person ${id}`,
  campaign_url: `spring-appeal-team-${id}`,
  featured,
  raised_minor: raised,
  goal_minor: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('fundraising on the public pages', () => {
  it('lists the top fundraisers of a campaign, and asks again when this visitor gives', async () => {
    let raised = 5_000;
    const stub = stubFetch({
      [`GET ${BOARD}`]: () => ({
        body: { currency: 'USD', fundraisers: [fundraiser(2, raised, true), fundraiser(3, 1_000)] },
      }),
    });
    render(<PeerExtras campaign={testCampaign({ campaign_id: 9 })} />);
    const board = await screen.findByRole('region', { name: 'Top fundraisers' });
    const items = within(board).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Page 2');
    expect(items[0]).toHaveTextContent('Featured');
    expect(items[0]).toHaveTextContent('$50');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/raise/spring-appeal-team-2',
    );
    expect(stub.callsTo('GET', BOARD)[0]?.query.get('campaign_id')).toBe('9');
    raised = 9_000;
    await act(async () => {
      document.dispatchEvent(new Event(GIFT_COMPLETED_EVENT));
    });
    expect(await within(board).findByText('$90')).toBeInTheDocument();
  });

  it("shows a fundraiser's page the share links and video, and no leaderboard", async () => {
    const stub = stubFetch({});
    const campaign = testCampaign({
      peer_campaign_id: 7,
      peer: {
        id: 7,
        name: 'Team Sam',
        campaign_url: 'spring-appeal-team-sam',
        owner_name: 'Sam Rivers',
        raised_minor: 0,
        donors: 0,
        goal_minor: 100_000,
        video_url: 'https://video.example.org/sam',
      },
    });
    render(<PeerExtras campaign={campaign} />);
    const share = screen.getByRole('region', { name: 'Share this page' });
    expect(within(share).getByRole('link', { name: 'Watch Sam Rivers’s video' })).toHaveAttribute(
      'href',
      'https://video.example.org/sam',
    );
    for (const name of ['E-mail', 'WhatsApp', 'X', 'Facebook', 'LinkedIn']) {
      expect(within(share).getByRole('link', { name })).toHaveAttribute(
        'href',
        expect.stringContaining(encodeURIComponent('/raise/spring-appeal-team-sam')),
      );
    }
    expect(stub.calls).toEqual([]);
  });

  it('lists the top teams beside the top fundraisers, each linking to its team page', async () => {
    stubFetch({
      [`GET ${BOARD}`]: { body: { currency: 'USD', fundraisers: [fundraiser(2, 5_000)] } },
      'GET /npo_admin/campaign_page/team_leaderboard': {
        body: {
          currency: 'USD',
          teams: [
            {
              id: 1,
              name: 'Runners',
              team_url: 'spring-appeal-runners',
              members: 2,
              raised_minor: 12_000,
              goal_minor: null,
            },
            {
              id: 2,
              name: 'Bakers',
              team_url: 'spring-appeal-bakers',
              members: 1,
              raised_minor: 3_000,
              goal_minor: null,
            },
          ],
        },
      },
    });
    render(<PeerExtras campaign={testCampaign({ campaign_id: 9 })} />);
    const teams = await screen.findByRole('region', { name: 'Top teams' });
    const items = within(teams).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Runners');
    expect(items[0]).toHaveTextContent('2 members');
    expect(items[0]).toHaveTextContent('$120');
    expect(items[1]).toHaveTextContent('1 member');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Runners' })).toHaveAttribute(
      'href',
      '/team-page/spring-appeal-runners',
    );
  });
});
