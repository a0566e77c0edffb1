import type { TPeerGift, TPeerPage } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PeerDashboardPage } from './PeerDashboardPage.tsx';

const page: TPeerPage = {
  id: 7,
  campaign_id: 3,
  campaign_name: 'Spring Appeal',
  parent_url: 'spring-appeal',
  title: 'Team Sam',
  story: '<p>Running</p>',
  image_url: null,
  video_url: null,
  goal_minor: 250_000,
  deadline: null,
  campaign_url: 'spring-appeal-team-sam',
  state: 'live',
  featured: false,
  raised_minor: 62_500,
  currency: 'USD',
  donors: 4,
  gifts: 5,
  views: 50,
  checklist: { photo: false, story: true, first_share: false, first_gift: true, self_donation: false },
  milestones: [{ milestone: 'first_gift', reached_at: '2026-11-02T10:00:00.000Z' }],
};
const gift: TPeerGift = {
  id: 91,
  donor_name: 'Grace Hopper',
  amount_minor: 4_200,
  currency: 'USD',
  comment: null,
  given_at: '2026-11-20T10:00:00.000Z',
  thanked_at: null,
};

const render = () =>
  renderRoutes([{ path: '/peer-dashboard', element: <PeerDashboardPage /> }], {
    initialEntries: ['/peer-dashboard'],
    session: signedInSession(1123),
  });

describe('PeerDashboardPage', () => {
  it('shows raised against goal, views and conversion, and the checklist', async () => {
    stubFetch({
      'GET /npo_admin/peer_dashboard': { body: { pages: [page] } },
      'GET /npo_admin/peer_pages/7/donations': { body: { page, gifts: [gift] } },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Team Sam' })).toBeInTheDocument();
    expect(screen.getByText('$625.00')).toBeInTheDocument();
    expect(screen.getByText(/raised of \$2,500\.00/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Milestones' })).getByText(/^First gift ·/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '25 % of the goal' })).toBeInTheDocument();
    expect(screen.getByText('10 %')).toBeInTheDocument();
    expect(screen.getByText('Add a photo')).toHaveTextContent('(to do)');
    expect(screen.getByText('Receive your first gift')).toHaveTextContent('(done)');
    expect(screen.getByRole('link', { name: 'Edit your page' })).toHaveAttribute('href', '/peer-campaign-edit/7');
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('/raise/spring-appeal-team-sam')),
    );
  });

  it('never shows a conversion above 100 %, whatever the counted views', async () => {
    const busy = { ...page, gifts: 9, views: 1 };
    stubFetch({
      'GET /npo_admin/peer_dashboard': { body: { pages: [busy] } },
      'GET /npo_admin/peer_pages/7/donations': { body: { page: busy, gifts: [gift] } },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Team Sam' })).toBeInTheDocument();
    expect(screen.getByText('100 %')).toBeInTheDocument();
    expect(screen.queryByText('900 %')).not.toBeInTheDocument();
  });

  it('thanks a donor with the template and shows the gift thanked', async () => {
    let thanked: TPeerGift | null = null;
    const fetch = stubFetch({
      'GET /npo_admin/peer_dashboard': { body: { pages: [page] } },
      'GET /npo_admin/peer_pages/7/donations': () => ({ body: { page, gifts: [thanked ?? gift] } }),
      'POST /npo_admin/peer_pages/7/donations/91/thank': () => {
        thanked = { ...gift, thanked_at: '2026-11-26T08:00:00.000Z' };
        return { body: { gift: thanked } };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Thank Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thank Grace Hopper' });
    expect(within(dialog).getByLabelText(/Your message/)).toHaveValue(
      'Thank you so much for supporting my page for Spring Appeal. Every gift brings us closer to the goal, and I am grateful for yours.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send thank-you' }));
    expect(await screen.findByText('Thanked')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/npo_admin/peer_pages/7/donations/91/thank')[0]?.body).toMatchObject({
      send_email: true,
    });
  });

  it('says so when the fundraiser has no page yet', async () => {
    stubFetch({ 'GET /npo_admin/peer_dashboard': { body: { pages: [] } } });
    render();
    expect(await screen.findByText('No fundraising pages yet')).toBeInTheDocument();
  });
});
