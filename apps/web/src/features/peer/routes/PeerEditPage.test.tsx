import type { TPeerPage } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PeerEditPage } from './PeerEditPage.tsx';

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
  raised_minor: 0,
  currency: 'USD',
  donors: 0,
  gifts: 0,
  views: 0,
  checklist: { photo: false, story: true, first_share: false, first_gift: false, self_donation: false },
  milestones: [],
};

const render = (id = 7) =>
  renderRoutes([{ path: '/peer-campaign-edit/:id', element: <PeerEditPage /> }], {
    initialEntries: [`/peer-campaign-edit/${id}`],
    session: signedInSession(1123),
  });

describe('PeerEditPage', () => {
  it('previews the draft, says a taken address is taken, and saves in minor units', async () => {
    const fetch = stubFetch({
      'GET /npo_admin/peer_pages/7': { body: { page } },
      'GET /npo_admin/peer_pages/7/url_check': (call) => ({
        body:
          call.query.get('campaign_url') === 'spring-appeal'
            ? { available: false, message: 'This campaign URL is already in use. Choose another.' }
            : { available: true, message: null },
      }),
      'PUT /npo_admin/peer_pages/7': (call) => ({
        body: { page: { ...page, title: (call.body as { title: string }).title } },
      }),
    });
    render();
    const title = await screen.findByLabelText(/Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Sam runs the 10k');
    expect(screen.getByRole('heading', { name: 'Sam runs the 10k' })).toBeInTheDocument();
    const address = screen.getByLabelText('Page address');
    await userEvent.clear(address);
    await userEvent.type(address, 'spring-appeal');
    expect(await screen.findByText('This campaign URL is already in use. Choose another.')).toBeInTheDocument();
    await userEvent.clear(address);
    await userEvent.type(address, 'sam-runs');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await screen.findByText('Your page is saved.');
    expect(fetch.callsTo('PUT', '/npo_admin/peer_pages/7')[0]?.body).toMatchObject({
      title: 'Sam runs the 10k',
      campaign_url: 'sam-runs',
      goal_minor: 250_000,
      story: '<p>Running</p>',
    });
    // The story is in the app's rich-text editor, not a raw-HTML box.
    const story = screen.getByRole('textbox', { name: 'Your story' });
    expect(story).toHaveAttribute('contenteditable', 'true');
    expect(story).toHaveTextContent('Running');
  }, 60_000);

  it("says the page is not found for someone else's page", async () => {
    stubFetch({ 'GET /npo_admin/peer_pages/8': { status: 404, body: { status: 404, message: 'Not found' } } });
    render(8);
    expect(await screen.findByText('Fundraising page not found')).toBeInTheDocument();
  });
});
