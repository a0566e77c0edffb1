import type { TApiKey, TRoleCode } from '@kindling/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

const render = (role: TRoleCode) =>
  renderRoutes([{ path: '/dashboard/crm/integrations', element: <IntegrationsPage /> }], {
    initialEntries: ['/dashboard/crm/integrations'],
    session: signedInSession(role),
  });

const KEY: TApiKey = {
  id: 4,
  name: 'Zapier',
  prefix: 'kdl_live_AbCd',
  scopes: ['donations:read'],
  created_by: 'Ada Admin',
  created_at: '2026-03-01T12:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const SECRET = 'kdl_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';

describe('Integrations: API keys', () => {
  // Generous timeouts: the page renders the webhooks section too, slow in jsdom on a busy machine.
  it('creates a key with its permissions, shows it once, and revokes it', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    let keys: TApiKey[] = [KEY];
    const stub = stubFetch({
      'GET /npo_admin/api_keys': () => ({ body: { keys } }),
      'POST /npo_admin/api_keys': ({ body }) => {
        const input = body as { name: string; scopes: TApiKey['scopes'] };
        const key = { ...KEY, id: 5, name: input.name, scopes: input.scopes, prefix: 'kdl_live_AbCd' };
        keys = [key, ...keys];
        return { status: 201, body: { key, secret: SECRET } };
      },
      'DELETE /npo_admin/api_keys/4': () => {
        keys = keys.map((k) => (k.id === 4 ? { ...k, revoked_at: '2026-03-02T12:00:00.000Z' } : k));
        return { body: keys.find((k) => k.id === 4) };
      },
    });
    render(2001);
    expect(await screen.findByText('Never used')).toBeInTheDocument();
    expect(screen.getByText('kdl_live_AbCd…')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Key name/), 'Books');
    await user.click(screen.getByRole('checkbox', { name: 'Read donors' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(stub.callsTo('POST', '/npo_admin/api_keys')).toHaveLength(1));
    expect(stub.callsTo('POST', '/npo_admin/api_keys')[0]?.body).toEqual({
      name: 'Books',
      scopes: ['donations:read', 'donors:read'],
    });
    const shown = await screen.findByRole('status');
    expect(within(shown).getByLabelText('New API key')).toHaveTextContent(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Zapier' }));
    await waitFor(() => expect(stub.callsTo('DELETE', '/npo_admin/api_keys/4')).toHaveLength(1));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });

  it('shows the field messages of a refused key', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /npo_admin/api_keys': { body: { keys: [] } },
      'POST /npo_admin/api_keys': {
        status: 400,
        body: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: { name: 'Give the key a name, up to 80 characters.' },
        },
      },
    });
    render(2001);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name, up to 80 characters.')).toBeInTheDocument();
  });

  it('shows staff the connectors but not the keys', async () => {
    const stub = stubFetch({});
    render(1984);
    expect(await screen.findByText(/Only your organisation’s administrators/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Copy the example/ })).toHaveLength(4);
    expect(screen.getByText('Triggers by webhook')).toBeInTheDocument();
    expect(stub.callsTo('GET', '/npo_admin/api_keys')).toHaveLength(0);
    expect(stub.callsTo('GET', '/npo_admin/webhook_endpoints')).toHaveLength(0);
  });
});
