import type { TWebhookDelivery, TWebhookEndpoint } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

const render = () =>
  renderRoutes([{ path: '/dashboard/crm/integrations', element: <IntegrationsPage /> }], {
    initialEntries: ['/dashboard/crm/integrations'],
    session: signedInSession(2001),
  });

const ENDPOINT: TWebhookEndpoint = {
  id: 7,
  url: 'https://hooks.example.org/kindling',
  description: 'Accounting sync',
  events: ['donation.succeeded'],
  enabled: true,
  secret_prefix: 'whsec_AbCd',
  disabled_reason: null,
  consecutive_failures: 0,
  created_at: '2026-03-01T12:00:00.000Z',
};
const SECRET = 'whsec_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';
const DELIVERY: TWebhookDelivery = {
  id: 31,
  event_id: 'evt_0123456789abcdef0123456789abcdef',
  event_type: 'donation.succeeded',
  status: 'succeeded',
  attempts: 2,
  created_at: '2026-03-01T12:00:00.000Z',
  last_attempt_at: '2026-03-01T12:00:05.000Z',
  attempt_log: [
    {
      id: 2,
      attempted_at: '2026-03-01T12:00:05.000Z',
      request_headers: { 'kindling-signature': 't=1,v1=ab' },
      request_body: '{"id":"evt_0123456789abcdef0123456789abcdef"}',
      response_status: 200,
      response_body: 'thanks',
      error: null,
      duration_ms: 42,
      manual: false,
    },
  ],
};

describe('Integrations: webhooks', () => {
  // Generous timeouts: the shared machine is slow to render Mantine in jsdom.
  it('adds an endpoint with its events, shows its secret once, and sends a delivery again from the log', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    let endpoints: TWebhookEndpoint[] = [ENDPOINT];
    const stub = stubFetch({
      'GET /npo_admin/api_keys': { body: { keys: [] } },
      'GET /npo_admin/webhook_endpoints': () => ({ body: { endpoints } }),
      'POST /npo_admin/webhook_endpoints': ({ body }) => {
        const input = body as Pick<TWebhookEndpoint, 'url' | 'events' | 'description'>;
        const endpoint = { ...ENDPOINT, id: 8, ...input };
        endpoints = [...endpoints, endpoint];
        return { status: 201, body: { endpoint, secret: SECRET } };
      },
      'GET /npo_admin/webhook_endpoints/7/deliveries': { body: { deliveries: [DELIVERY] } },
      'POST /npo_admin/webhook_endpoints/7/deliveries/31/redeliver': { status: 202, body: { queued: true } },
    });
    render();
    const card = await screen.findByRole('article', { name: 'Endpoint https://hooks.example.org/kindling' });
    expect(within(card).getByText('whsec_AbCd…')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Endpoint URL/));
    await user.paste('https://crm.example.org/in');
    await user.click(screen.getByRole('checkbox', { name: 'Donation refunded' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(stub.callsTo('POST', '/npo_admin/webhook_endpoints')).toHaveLength(1));
    expect(stub.callsTo('POST', '/npo_admin/webhook_endpoints')[0]?.body).toEqual({
      url: 'https://crm.example.org/in',
      description: '',
      events: ['donation.succeeded', 'donation.refunded'],
    });
    const shown = await screen.findByRole('status');
    expect(within(shown).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Show deliveries' }));
    const log = await within(card).findByRole('list', { name: 'Delivery log' });
    expect(within(log).getByText(/Delivered/)).toBeInTheDocument();
    expect(within(log).getByText(/2 attempts .* HTTP 200 in 42 ms/)).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: `Send ${DELIVERY.event_id} again` }));
    await waitFor(() =>
      expect(stub.callsTo('POST', '/npo_admin/webhook_endpoints/7/deliveries/31/redeliver')).toHaveLength(1),
    );
  });

  it('shows why Kindling switched an endpoint off, and the field message of a refused address', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /npo_admin/api_keys': { body: { keys: [] } },
      'GET /npo_admin/webhook_endpoints': {
        body: {
          endpoints: [
            { ...ENDPOINT, enabled: false, disabled_reason: 'Switched off: every delivery failed for three days.' },
          ],
        },
      },
      'POST /npo_admin/webhook_endpoints': {
        status: 422,
        body: {
          status: 422,
          code: 'UNPROCESSABLE',
          message: 'This address points inside a private network. Use a public address.',
          fields: { url: 'This address points inside a private network. Use a public address.' },
        },
      },
    });
    render();
    expect(await screen.findByText(/every delivery failed for three days/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send events to https://hooks.example.org/kindling' })).not.toBeChecked();
    await user.click(screen.getByLabelText(/Endpoint URL/));
    await user.paste('http://10.0.0.1/x');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      (await screen.findAllByText('This address points inside a private network. Use a public address.')).length,
    ).toBeGreaterThan(0);
  });
});
