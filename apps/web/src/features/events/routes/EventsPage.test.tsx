import type { TEventAdmin, TEventList } from '@kindling/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { EventEditPage, EventNewPage } from './EventEditorPage.tsx';
import { EventsPage } from './EventsPage.tsx';

const LIST: TEventList = {
  upcoming: [
    {
      id: 3,
      name: 'Harvest Gala',
      slug: 'harvest-gala',
      status: 'published',
      starts_at: '2026-12-17T23:30:00.000Z',
      time_zone: 'America/New_York',
      capacity: 300,
      sold: 87,
      revenue_minor: 1_234_500,
      currency: 'USD',
      orders: 30,
    },
  ],
  past: [],
};

const EVENT: TEventAdmin = {
  id: 3,
  name: 'Harvest Gala',
  slug: 'harvest-gala',
  description: '<p>Dinner</p>',
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
  gift_ask: true,
  ticket_types: [
    {
      id: 5,
      name: 'General admission',
      description: '',
      pricing: 'fixed',
      price_minor: 15000,
      fair_market_value_minor: 6000,
      quantity: 200,
      per_order_limit: 6,
      attendees_per_ticket: 1,
      sales_start: null,
      sales_end: null,
      taken: 27,
      remaining: 173,
    },
  ],
  discount_codes: [{ id: 1, code: 'EARLYBIRD', kind: 'percent', amount: 15, usage_limit: 200, used: 4, expires: null }],
  questions: [],
};

describe('event screens', () => {
  it('lists upcoming events with places sold against capacity and revenue, and offers a new event to admins', async () => {
    stubFetch({ 'GET /npo_admin/events': { body: LIST } });
    renderRoutes([{ path: '/dashboard/events', element: <EventsPage /> }], {
      initialEntries: ['/dashboard/events'],
      session: signedInSession(5150),
    });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' });
    const row = within(upcoming).getByRole('row', { name: /Harvest Gala/ });
    expect(row).toHaveTextContent('87 of 300');
    expect(row).toHaveTextContent('$12,345.00');
    expect(within(row).getByRole('link', { name: 'Harvest Gala' })).toHaveAttribute('href', '/dashboard/events/edit/3');
    expect(screen.getByRole('link', { name: 'New event' })).toHaveAttribute('href', '/dashboard/event-new');
  });

  it('shows the server’s field messages and keeps what was typed when a save is refused', async () => {
    const stub = stubFetch({
      'POST /npo_admin/events': {
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          message: 'Another event already uses this address.',
          fields: { slug: 'Another event already uses this address.' },
        },
      },
    });
    renderRoutes([{ path: '/dashboard/event-new', element: <EventNewPage /> }], {
      initialEntries: ['/dashboard/event-new'],
      session: signedInSession(5150),
    });
    const user = userEvent.setup();
    const [eventName, typeName] = screen.getAllByRole('textbox', { name: /^Name/ }) as [HTMLElement, HTMLElement];
    fireEvent.change(eventName, { target: { value: 'Harvest Gala' } });
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('harvest-gala');
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2026-12-17T18:30' } });
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: '2026-12-17T23:00' } });
    fireEvent.change(typeName, { target: { value: 'Seat' } });
    const price = screen.getByRole('textbox', { name: /^Price/ });
    fireEvent.change(price, { target: { value: '12.345' } });
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    // The browser already knows 12.345 dollars cannot be charged: nothing is sent.
    expect(await screen.findByText('USD amounts have at most 2 decimals')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/npo_admin/events')).toHaveLength(0);

    fireEvent.change(price, { target: { value: '20' } });
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Another event already uses this address.')).toBeInTheDocument();
    const [sent] = stub.callsTo('POST', '/npo_admin/events');
    expect(sent?.body).toMatchObject({ slug: 'harvest-gala', ticket_types: [{ name: 'Seat', price_minor: 2000 }] });
    expect(eventName).toHaveValue('Harvest Gala');
  }, 40_000);

  it('edits an event with its ticket types and codes in major units, and links to the preview and orders', async () => {
    const stub = stubFetch({
      'GET /npo_admin/events/3': { body: EVENT },
      'PUT /npo_admin/events/3': { body: EVENT },
      'GET /npo_admin/event_orders': {
        body: {
          orders: [
            {
              id: 11,
              event_id: 3,
              event_name: 'Harvest Gala',
              buyer_name: 'Maya Ortiz',
              buyer_email: 'maya@example.org',
              status: 'paid',
              tickets: 2,
              total_minor: 42500,
              currency: 'USD',
              created_at: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      },
    });
    renderRoutes([{ path: '/dashboard/events/edit/:id', element: <EventEditPage /> }], {
      initialEntries: ['/dashboard/events/edit/3'],
      session: signedInSession(5150),
    });
    expect(await screen.findByRole('textbox', { name: /^Price/ })).toHaveValue('150.00');
    expect(screen.getByRole('textbox', { name: /^Fair-market value/ })).toHaveValue('60.00');
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue('EARLYBIRD');
    expect(screen.getByRole('link', { name: /Preview the public page/ })).toHaveAttribute(
      'href',
      '/event-page/harvest-gala',
    );
    expect(await screen.findByRole('link', { name: 'Maya Ortiz' })).toHaveAttribute('href', '/dashboard/tickets/11');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save event' }));
    await screen.findByRole('button', { name: 'Save event' });
    const [sent] = stub.callsTo('PUT', '/npo_admin/events/3');
    expect(sent?.body).toMatchObject({
      ticket_types: [{ id: 5, price_minor: 15000, fair_market_value_minor: 6000, quantity: 200 }],
      discount_codes: [{ id: 1, code: 'EARLYBIRD', kind: 'percent', amount: 15 }],
    });
  });
});
