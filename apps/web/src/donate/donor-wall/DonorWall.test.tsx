import type { TDonorWallEntry } from '@kindling/contracts/donor-wall.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { GIFT_COMPLETED_EVENT } from '../page-events.ts';
import { testCampaign } from '../test-campaign.ts';
import DonorWall from './DonorWall.tsx';
import { nextDelay, POLL_FIRST_MS, POLL_MAX_MS } from './wall-poll.ts';

const SUPPORTERS = '/npo_admin/campaign_page/supporters';

const entry = (key: number, over: Partial<TDonorWallEntry> = {}): TDonorWallEntry => ({
  key: String(key),
  name: 'Anonymous',
  anonymous: true,
  amount_minor: null,
  currency: null,
  comment: null,
  given_at: new Date(Date.UTC(2026, 10, 1, 12, 0, key)).toISOString(),
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('donor wall', () => {
  it("shows each supporter as the server gave them, and 'Show more' adds the older ones", async () => {
    const first = [
      entry(3, {
        name: 'Grace Hopper',
        anonymous: false,
        amount_minor: 4200,
        currency: 'USD',
        comment: 'For the shelves',
      }),
      entry(2, { name: 'Katherine', anonymous: false }),
    ];
    const stub = stubFetch({
      [`GET ${SUPPORTERS}`]: (call) =>
        call.query.get('cursor') === 'c1'
          ? { body: { supporters: [entry(1)], next_cursor: null } }
          : { body: { supporters: first, next_cursor: 'c1' } },
    });
    render(<DonorWall campaign={testCampaign({ campaign_id: 7, peer_campaign_id: 9 })} />);
    const list = await screen.findByRole('list');
    expect(screen.getByRole('heading', { level: 2, name: 'Recent supporters' })).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['GGrace Hopper$42“For the shelves”', 'KKatherine']);
    expect(stub.calls[0]?.query.get('campaign_id')).toBe('7');
    expect(stub.calls[0]?.query.get('peer_campaign_id')).toBe('9');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('Anonymous')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("puts a new gift on top without a reload when the visitor's own gift completes", async () => {
    let supporters = [entry(1, { name: 'Ada', anonymous: false })];
    stubFetch({ [`GET ${SUPPORTERS}`]: () => ({ body: { supporters, next_cursor: null } }) });
    render(<DonorWall campaign={testCampaign()} />);
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    supporters = [entry(2, { name: 'Mae', anonymous: false }), ...supporters];
    act(() => {
      document.dispatchEvent(new Event(GIFT_COMPLETED_EVENT));
    });
    expect(await screen.findByText('Mae')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((i) => i.textContent)).toEqual(['MMae', 'AAda']);
  });

  it('shows nothing while the campaign has no supporters, or when the wall cannot load', async () => {
    const stub = stubFetch({ [`GET ${SUPPORTERS}`]: { status: 500, body: {} } });
    const { container } = render(<DonorWall campaign={testCampaign()} />);
    await vi.waitFor(() => expect(stub.calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('asks less often while nothing arrives, and soon again after something does', () => {
    expect(nextDelay(POLL_FIRST_MS, false)).toBe(POLL_FIRST_MS * 2);
    expect(nextDelay(POLL_MAX_MS, false)).toBe(POLL_MAX_MS);
    expect(nextDelay(POLL_MAX_MS, true)).toBe(POLL_FIRST_MS);
  });
});
