import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createPayoutsStandIn } from './stripe-stand-in-payouts.ts';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The form-encoded body as Stripe reads it: `metadata[campaign_id]` stays one key. */
  form: Record<string, string>;
};

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json };

/** Stripe's zero-decimal list, and ISK/UGX whose amounts must end in 00 (docs.stripe.com/currencies). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const MUST_END_00 = new Set(['isk', 'ugx']);
/** A saved payment method the stand-in declines off-session, like Stripe's pm_card_chargeDeclined. */
export const DECLINING_PAYMENT_METHOD = 'pm_card_chargeDeclined';

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const invalid = (message: string, param?: string, code?: string): Reply => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } },
});
const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice(9, -1), v]),
  );

/** Stripe's own amount rules, so a wrong conversion in the adapter fails here as it would there. */
function checkAmount(form: Record<string, string>): Reply | null {
  const currency = form.currency ?? '';
  if (currency !== currency.toLowerCase() || !/^[a-z]{3}$/.test(currency))
    return invalid('Invalid currency', 'currency');
  const amount = Number(form.amount);
  if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid integer', 'amount');
  if (MUST_END_00.has(currency) && amount % 100 !== 0) return invalid('Amount must end in 00', 'amount');
  if (!ZERO_DECIMAL.has(currency) && amount < 50)
    return invalid('Amount must be at least 0.50', 'amount', 'amount_too_small');
  return null;
}

/**
 * A local stand-in for api.stripe.com and connect.stripe.com (stripe-node sends both to the one
 * configured host). It records every request and answers the OAuth token exchange, account
 * retrieval, customers, PaymentIntents, SetupIntents and refunds with Stripe-shaped JSON. Objects
 * belong to the Stripe-Account that created them, and a repeated Idempotency-Key replays the
 * first answer, as at Stripe.
 */
export async function startStripeStandIn(accounts: Record<string, { email: string | null; code: string }> = {}) {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Json & { account: string }>();
  const setupIntents = new Map<string, Json & { account: string }>();
  const paymentMethods = new Map<string, Json & { account: string }>();
  const customers = new Map<string, Json & { account: string }>();
  const replays = new Map<string, Reply>();
  const refunds = new Map<string, Json & { account: string }>();
  // What new refunds answer: succeeded, or pending (a refund that may still fail later).
  let refundStatus: 'succeeded' | 'pending' = 'succeeded';
  const addRefund = (intent: Json & { account: string }, amount: number): Json => {
    const refund = {
      id: newId('re'),
      object: 'refund',
      account: intent.account,
      amount,
      currency: intent.currency,
      status: refundStatus,
      payment_intent: intent.id,
      metadata: {},
    };
    refunds.set(refund.id, refund);
    return publicIntent(refund);
  };
  // What the next requests get: null answers normally, a reply refuses (see refuseNext).
  const refusals: (Reply | null)[] = [];
  // rc23: payouts and balance transactions, each request checked (stripe-stand-in-payouts.ts).
  const payoutsApi = createPayoutsStandIn();

  const createIntent = (form: Record<string, string>, account: string): Reply => {
    const bad = checkAmount(form);
    if (bad) return bad;
    const id = newId('pi');
    const intent: Json & { account: string } = {
      id,
      object: 'payment_intent',
      account,
      amount: Number(form.amount),
      currency: form.currency,
      client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
      status: 'requires_payment_method',
      customer: form.customer ?? null,
      payment_method: form.payment_method ?? null,
      setup_future_usage: form.setup_future_usage ?? null,
      application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
      last_payment_error: null,
      metadata: metadataOf(form),
      livemode: false,
    };
    intents.set(id, intent);
    if (form.confirm === 'true' && form.payment_method === DECLINING_PAYMENT_METHOD) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      return { status: 402, body: { error: { ...error, payment_intent: publicIntent(intent) } } };
    }
    if (form.confirm === 'true') intent.status = 'succeeded';
    return { status: 200, body: publicIntent(intent) };
  };

  const domains = new Map<string, Json>();
  const registerDomain = (form: Record<string, string>, account: string): Reply => {
    const name = form.domain_name ?? '';
    if (!account) return invalid('Payment method domains belong to a connected account', 'Stripe-Account');
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(name)) return invalid('Invalid domain_name', 'domain_name');
    const key = `${account}:${name}`;
    // Stripe cannot verify Apple Pay on a domain that does not serve its file: ".invalid" stands for one.
    const apple = name.endsWith('.invalid') ? 'inactive' : 'active';
    const domain = domains.get(key) ?? {
      id: newId('pmd'),
      object: 'payment_method_domain',
      domain_name: name,
      enabled: form.enabled !== 'false',
      apple_pay: { status: apple },
      google_pay: { status: 'active' },
      link: { status: 'active' },
      paypal: { status: 'inactive' },
      livemode: false,
    };
    domains.set(key, domain);
    return { status: 200, body: domain };
  };

  const route = (method: string, path: string, form: Record<string, string>, account: string): Reply => {
    if (method === 'POST' && path === '/oauth/token') {
      const entry = Object.entries(accounts).find(([, a]) => a.code === form.code);
      if (!entry)
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: `Authorization code does not exist: ${form.code}` },
        };
      return {
        status: 200,
        body: {
          access_token: 'sk_test_connected',
          livemode: false,
          refresh_token: 'rt_test',
          scope: 'read_write',
          stripe_publishable_key: 'pk_test_connected',
          stripe_user_id: entry[0],
          token_type: 'bearer',
        },
      };
    }
    if (method === 'POST' && path === '/oauth/deauthorize') {
      if (!form.stripe_user_id || !accounts[form.stripe_user_id]) {
        return { status: 400, body: { error: 'invalid_client', error_description: 'No such account connected' } };
      }
      return { status: 200, body: { stripe_user_id: form.stripe_user_id } };
    }
    const accountMatch = path.match(/^\/v1\/accounts\/(acct_\w+)$/);
    const known = accountMatch?.[1] ? accounts[accountMatch[1]] : undefined;
    if (method === 'GET' && accountMatch?.[1] && known) {
      return {
        status: 200,
        body: {
          id: accountMatch[1],
          object: 'account',
          email: known.email,
          individual: { first_name: 'Stripe', last_name: 'Owner' },
        },
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', account, email: form.email ?? null };
      customers.set(customer.id, customer);
      return { status: 200, body: { ...publicIntent(customer), metadata: metadataOf(form) } };
    }
    const customerMatch = path.match(/^\/v1\/customers\/(cus_\w+)/);
    if (method === 'GET' && customerMatch?.[1]) {
      const customer = customers.get(customerMatch[1]);
      // Another account's customer does not exist from this account's point of view.
      if (!customer || customer.account !== account) {
        return invalid(`No such customer: '${customerMatch[1]}'`, 'id', 'resource_missing');
      }
      return { status: 200, body: publicIntent(customer) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form, account);
    // Apple Pay / Google Pay domains, on the connected account only; the same domain answers the same object.
    if (method === 'POST' && path === '/v1/payment_method_domains') return registerDomain(form, account);
    const intentMatch = path.match(/^\/v1\/payment_intents\/(pi_\w+)$/);
    if (method === 'GET' && intentMatch?.[1]) {
      const intent = intents.get(intentMatch[1]);
      // Another account's intent does not exist from this account's point of view.
      if (!intent || intent.account !== account) {
        return invalid(`No such payment_intent: '${intentMatch[1]}'`, 'intent', 'resource_missing');
      }
      return { status: 200, body: publicIntent(intent) };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = newId('seti');
      const setup: Json & { account: string } = {
        id,
        object: 'setup_intent',
        account,
        client_secret: `${id}_secret_x`,
        customer: form.customer ?? null,
        usage: form.usage,
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: null,
        metadata: metadataOf(form),
      };
      setupIntents.set(id, setup);
      return { status: 200, body: publicIntent(setup) };
    }
    const setupMatch = path.match(/^\/v1\/setup_intents\/(seti_\w+)$/);
    if (method === 'GET' && setupMatch?.[1]) {
      const setup = setupIntents.get(setupMatch[1]);
      if (!setup || setup.account !== account) {
        return invalid(`No such setupintent: '${setupMatch[1]}'`, 'intent', 'resource_missing');
      }
      return { status: 200, body: publicIntent(setup) };
    }
    const methodMatch = path.match(/^\/v1\/payment_methods\/(pm_\w+)/);
    if (method === 'GET' && methodMatch?.[1]) {
      const saved = paymentMethods.get(methodMatch[1]);
      if (!saved || saved.account !== account) {
        return invalid(`No such PaymentMethod: '${methodMatch[1]}'`, 'id', 'resource_missing');
      }
      return { status: 200, body: publicIntent(saved) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent || intent.account !== account)
        return invalid('No such payment_intent', 'payment_intent', 'resource_missing');
      const amount = form.amount ? Number(form.amount) : (intent.amount as number);
      return { status: 200, body: addRefund(intent, amount) };
    }
    // The refunds of a payment, newest first, as charge.refunded handlers read them.
    const refundList = path.match(/^\/v1\/refunds\?(.*)$/);
    if (method === 'GET' && refundList) {
      const query = new URLSearchParams(refundList[1]);
      const data = [...refunds.values()]
        .filter((r) => r.account === account && r.payment_intent === query.get('payment_intent'))
        .reverse()
        .map(publicIntent);
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such route' } } };
  };

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const method = request.method ?? '';
      const path = request.url ?? '';
      requests.push({ method, path, headers: request.headers, body, form });
      const account = String(request.headers['stripe-account'] ?? '');
      const key = request.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && method === 'POST' ? `${account}:${key}` : null;
      const refused = refusals.shift() ?? null;
      const reply =
        refused ??
        ((replayKey && replays.get(replayKey)) ||
          payoutsApi.route(method, path, request.headers) ||
          route(method, path, form, account));
      if (replayKey) replays.set(replayKey, reply);
      response
        .writeHead(reply.status, { 'content-type': 'application/json', 'request-id': newId('req') })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    /** What happened in the browser (confirmation) or at the bank: change a stored intent. */
    updateIntent: (id: string, patch: Json) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, patch);
    },
    /** From now on new refunds answer `status` (pending: Stripe has not sent the money yet). */
    answerRefundsWith: (status: 'succeeded' | 'pending') => {
      refundStatus = status;
    },
    /** A refund made in Stripe's own dashboard, not through Kindling: returns the refund. */
    refundAtStripe: (intentId: string, amount: number) => {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return addRefund(intent, amount);
    },
    /** What the browser's confirmCardSetup did: change a stored SetupIntent. */
    updateSetupIntent: (id: string, patch: Json) => {
      const setup = setupIntents.get(id);
      if (!setup) throw new Error(`no setup intent ${id}`);
      Object.assign(setup, patch);
    },
    /** A card PaymentMethod on a connected account (what the browser's card form saved). */
    addCardMethod: (
      id: string,
      account: string,
      card: { brand: string; last4: string; exp_month: number; exp_year: number },
      customer: string | null = null,
    ) => {
      paymentMethods.set(id, { id, object: 'payment_method', account, type: 'card', card, customer });
    },
    /** A customer on a connected account (made on another platform, imported here). */
    addCustomer: (id: string, account: string, email: string | null = null) => {
      customers.set(id, { id, object: 'customer', account, email });
    },
    /**
     * Stripe refuses `count` requests, after `after` answered normally: 429 (rate limit) or 500
     * (Stripe's own trouble).
     */
    refuseNext: (count: number, status: 429 | 500, after = 0) => {
      for (let i = 0; i < after; i += 1) refusals.push(null);
      const error =
        status === 429
          ? { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }
          : { type: 'api_error', message: 'An unknown error occurred.' };
      for (let i = 0; i < count; i += 1) refusals.push({ status, body: { error } });
    },
    /** rc23: payouts with their balance transactions; requests the stand-in did not expect. */
    addPayout: payoutsApi.addPayout,
    pageListsBy: payoutsApi.pageListsBy,
    unexpectedPayoutRequests: payoutsApi.unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function publicIntent({ account: _account, ...intent }: Json & { account: string }): Json {
  return intent;
}

/** The configuration that points the app's Stripe SDK at a running stand-in (test keys, plain HTTP). */
export const stripeStandInEnv = (stripe: { port: number }): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_kindling',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_kindling',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(stripe.port),
  STRIPE_API_PROTOCOL: 'http',
});

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * A stand-in started before a test file's tests and closed after them: `env` for useTestApp (call it
 * before useTestApp, so its server is up first), `current()` for the requests it saw.
 */
export function useStripeStandIn() {
  let stripe: StripeStandIn | undefined;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const current = (): StripeStandIn => {
    if (!stripe) throw new Error('the Stripe stand-in is not started yet');
    return stripe;
  };
  return { current, env: () => stripeStandInEnv(current()) };
}
