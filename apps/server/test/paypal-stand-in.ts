import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PayPalRecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  /** The JSON body (undefined for form or empty bodies). */
  json: Record<string, unknown> | undefined;
};

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json };

/** The transmission signature the stand-in's verify-webhook-signature postback accepts. */
export const VALID_PAYPAL_SIGNATURE = 'valid-signature';
/** A vault token whose merchant-initiated charge PayPal declines. */
export const DECLINING_VAULT_ID = 'vt_declining';
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

const newId = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;
const issue = (status: number, name: string, value: string): Reply => ({
  status,
  body: { name, message: `${name}: ${value}`, debug_id: newId('dbg'), details: [{ issue: value, description: value }] },
});

/** PayPal's amount rules: a decimal string, no decimals for HUF, JPY and TWD, two for others. */
function checkAmount(amount: unknown): Reply | null {
  const { currency_code: currency, value } = (amount ?? {}) as { currency_code?: string; value?: string };
  if (typeof value !== 'string' || typeof currency !== 'string')
    return issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
  const pattern = NO_DECIMALS.has(currency) ? /^\d+$/ : /^\d+\.\d{2}$/;
  return pattern.test(value) ? null : issue(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
}

/**
 * A local stand-in for api-m.paypal.com: OAuth client credentials, Orders v2 create and capture,
 * Vault v3 setup and payment tokens, capture refunds and the webhook verification postback. It
 * records every request, insists on a Bearer token it issued, and replays the first answer for a
 * repeated PayPal-Request-Id.
 */
export async function startPayPalStandIn(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Lifetime of issued tokens in seconds (PayPal's are about nine hours). */
  tokenExpiresIn?: number;
}) {
  const requests: PayPalRecordedRequest[] = [];
  const tokens = new Set<string>();
  const orders = new Map<string, Json & { approved: boolean }>();
  const replays = new Map<string, Reply>();
  // Vault payment tokens by id, with the PayPal customer each was saved for.
  const vaultTokens = new Map<string, { customerId: string }>();

  const capture = (order: Json, status = 'COMPLETED'): Json => {
    const unit = (order.purchase_units as Json[])[0] as Json;
    return {
      id: order.id,
      status: 'COMPLETED',
      payment_source: { paypal: { email_address: 'payer@example.com' } },
      purchase_units: [
        {
          ...unit,
          payments: { captures: [{ id: newId('CAP'), status, amount: unit.amount, custom_id: unit.custom_id }] },
        },
      ],
    };
  };

  const createOrder = (body: Json): Reply => {
    const unit = ((body.purchase_units as Json[] | undefined) ?? [])[0];
    const bad = checkAmount(unit?.amount);
    if (bad) return bad;
    const id = newId('ORDER');
    const vaultId = ((body.payment_source as Json)?.paypal as Json | undefined)?.vault_id;
    const order = { id, approved: false, purchase_units: [unit] };
    orders.set(id, order);
    if (vaultId)
      return { status: 201, body: capture(order, vaultId === DECLINING_VAULT_ID ? 'DECLINED' : 'COMPLETED') };
    return {
      status: 200,
      body: {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, method: 'GET' }],
      },
    };
  };

  const route = (method: string, path: string, json: Json | undefined): Reply => {
    const body = json ?? {};
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    const captureMatch = path.match(/^\/v2\/checkout\/orders\/(\w+)\/capture$/);
    if (method === 'POST' && captureMatch?.[1]) {
      const order = orders.get(captureMatch[1]);
      if (!order) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (!order.approved) return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      return { status: 201, body: capture(order) };
    }
    if (method === 'POST' && path === '/v3/vault/setup-tokens') {
      const id = newId('VST');
      return {
        status: 200,
        body: {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          links: [
            { rel: 'approve', href: `https://www.sandbox.paypal.com/agreements/approve?approval_session_id=${id}` },
          ],
        },
      };
    }
    if (method === 'POST' && path === '/v3/vault/payment-tokens') {
      const token = { id: newId('VT'), customer: { id: newId('CUST') } };
      vaultTokens.set(token.id, { customerId: token.customer.id });
      return { status: 200, body: { ...token, payment_source: { paypal: { email_address: 'payer@example.com' } } } };
    }
    const tokenMatch = path.match(/^\/v3\/vault\/payment-tokens\/([\w-]+)$/);
    if (method === 'GET' && tokenMatch?.[1]) {
      const saved = vaultTokens.get(tokenMatch[1]);
      if (!saved) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const body = { id: tokenMatch[1], customer: { id: saved.customerId }, payment_source: { paypal: {} } };
      return { status: 200, body };
    }
    const refundMatch = path.match(/^\/v2\/payments\/captures\/(\w+)\/refund$/);
    if (method === 'POST' && refundMatch) {
      return {
        status: 201,
        body: { id: newId('REF'), status: 'COMPLETED', ...(body.amount ? { amount: body.amount } : {}) },
      };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const ok =
        body.transmission_sig === VALID_PAYPAL_SIGNATURE &&
        body.webhook_id === options.webhookId &&
        !!body.webhook_event;
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return issue(404, 'RESOURCE_NOT_FOUND', 'NOT_FOUND');
  };

  const handle = (request: http.IncomingMessage, raw: string): Reply => {
    const method = request.method ?? '';
    const path = request.url ?? '';
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = newId('A21AA');
      tokens.add(token);
      return {
        status: 200,
        body: {
          access_token: token,
          token_type: 'Bearer',
          expires_in: options.tokenExpiresIn ?? 32400,
          app_id: 'APP-TEST',
        },
      };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer))
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${path}:${requestId}` : null;
    const replay = key ? replays.get(key) : undefined;
    if (replay) return replay;
    let json: Json | undefined;
    try {
      json = raw ? (JSON.parse(raw) as Json) : undefined;
    } catch {
      return issue(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    }
    const reply = route(method, path, json);
    if (key) replays.set(key, reply);
    return reply;
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      let json: Json | undefined;
      try {
        json = raw && request.headers['content-type']?.includes('json') ? (JSON.parse(raw) as Json) : undefined;
      } catch {
        json = undefined;
      }
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, raw, json });
      const reply = handle(request, raw);
      response
        .writeHead(reply.status, { 'content-type': 'application/json', 'paypal-debug-id': newId('dbg') })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    /** A vault payment token saved for `customerId` (made on another platform, imported here). */
    addVaultToken: (id: string, customerId: string) => {
      vaultTokens.set(id, { customerId });
    },
    /** PayPal revoked every token issued so far (calls with them answer 401). */
    revokeTokens: () => tokens.clear(),
    /** The payer approved the order on PayPal's page. */
    approveOrder: (id: string) => {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      order.approved = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
