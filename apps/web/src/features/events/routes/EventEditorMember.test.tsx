// The member fields of a ticket type in the event editor (docs/product/events.md#member-tickets): members
// only, a member price below the price (the browser refuses one that is not, sending nothing), and the
// organisation's membership tiers to choose from; what is saved is what the API takes.
import type { TEventAdmin } from '@kindling/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { EventEditPage } from './EventEditorPage.tsx';

const TYPE = {
  description: '',
  pricing: 'fixed' as const,
  fair_market_value_minor: 6000,
  quantity: 60,
  per_order_limit: 4,
  attendees_per_ticket: 1,
  sales_start: null,
  sales_end: null,
  taken: 0,
  remaining: 60,
};
const EVENT: TEventAdmin = {
  id: 3,
  name: 'Harvest Gala',
  slug: 'harvest-gala',
  description: '',
  image_url: '',
  starts: '2026-12-17T18:30',
  ends: '2026-12-17T23:00',
  starts_at: '2026-12-17T23:30:00.000Z',
  ends_at: '2026-12-18T04:00:00.000Z',
  time_zone: 'America/New_York',
  venue_name: 'Hall',
  venue_address: '',
  map_url: '',
  online_url: '',
  capacity: 300,
  registration_opens: null,
  registration_closes: null,
  status: 'published',
  organiser_name: '',
  organiser_email: '',
  campaign_id: null,
  currency: 'USD',
  gift_ask: false,
  ticket_types: [
    { ...TYPE, id: 5, name: 'Member ticket', price_minor: 15000, member_price_minor: 11000, member_tier_ids: [] },
    {
      ...TYPE,
      id: 6,
      name: 'Members’ preview',
      price_minor: 2500,
      members_only: true,
      member_price_minor: null,
      member_tier_ids: [21],
    },
  ],
  discount_codes: [],
  questions: [],
};
const tier = (id: number, name: string) => ({
  id,
  campaign_id: 9,
  name,
  description: '',
  benefits: [],
  billing: 'yearly',
  price_minor: 6000,
  term_months: null,
  fair_market_value_minor: 0,
  capacity: null,
  household_size: 1,
  archived: false,
  taken: 0,
  remaining: null,
  currency: 'USD',
});

describe('member tickets in the event editor', () => {
  it('shows, checks and saves members only, the member price and the tiers', async () => {
    const stub = stubFetch({
      'GET /npo_admin/events/3': { body: EVENT },
      'PUT /npo_admin/events/3': { body: EVENT },
      'GET /npo_admin/event_orders': { body: { orders: [] } },
      'GET /npo_admin/membership/campaigns': {
        body: { campaigns: [{ id: 9, name: 'Friends of Riverside', campaign_url: 'friends', currency: 'USD' }] },
      },
      'GET /npo_admin/membership/campaigns/9/tiers': {
        body: { tiers: [tier(21, 'Individual'), tier(22, 'Household')] },
      },
    });
    renderRoutes([{ path: '/dashboard/events/edit/:id', element: <EventEditPage /> }], {
      initialEntries: ['/dashboard/events/edit/3'],
      session: signedInSession(5150),
    });
    const member = await screen.findByRole('group', { name: 'Member ticket' });
    const preview = screen.getByRole('group', { name: 'Members’ preview' });
    const memberPrice = within(member).getByRole('textbox', { name: /^Member price/ });
    expect(memberPrice).toHaveValue('110.00');
    expect(within(member).getByRole('checkbox', { name: /^Members only/ })).not.toBeChecked();
    expect(within(preview).getByRole('checkbox', { name: /^Members only/ })).toBeChecked();
    // The chosen tier shows by name (its pill; the list of options holds it too).
    expect((await within(preview).findAllByText('Individual')).length).toBeGreaterThan(0);

    // A member price at the price is refused before anything is sent.
    fireEvent.change(memberPrice, { target: { value: '150' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save event' }));
    expect(await within(member).findByText('The member price must be below the price.')).toBeInTheDocument();
    expect(stub.callsTo('PUT', '/npo_admin/events/3')).toHaveLength(0);

    fireEvent.change(memberPrice, { target: { value: '95.50' } });
    await user.click(screen.getByRole('button', { name: 'Save event' }));
    await expect.poll(() => stub.callsTo('PUT', '/npo_admin/events/3').length, { timeout: 10_000 }).toBe(1);
    expect(stub.callsTo('PUT', '/npo_admin/events/3')[0]?.body).toMatchObject({
      ticket_types: [
        { id: 5, members_only: false, member_price_minor: 9550, member_tier_ids: [] },
        { id: 6, members_only: true, member_price_minor: null, member_tier_ids: [21] },
      ],
    });
  }, 60_000);
});
