// The Stripe stand-in's payouts and balance transactions (GET /v1/payouts, GET
// /v1/balance_transactions), as the reconciliation report fetches them (decision 104). Every
// request is checked as Stripe would and stricter: the platform's secret key, a connected account
// in Stripe-Account, only the query parameters the adapter is meant to send, a limit of 1..100 and
// a starting_after that is the last id of the page before. Anything else answers 400 and is kept in
// `unexpected`, which a test asserts empty, so an adapter change that sends something new fails.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json };

export type StandInTransaction = {
  type: string;
  amount: number;
  fee: number;
  /** Expanded as the source object (a charge with its payment_intent, a refund, a dispute). */
  source?: Json | null;
  reporting_category?: string;
  description?: string;
};

type Stored = Json & { account: string; id: string; created: number };

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const EXPECTED_KEY = 'Bearer sk_test_kindling';
const PAYOUT_PARAMS = /^(arrival_date\[(gte|lt)\]|limit|starting_after)$/;
const TRANSACTION_PARAMS = /^(payout|limit|starting_after|expand\[0\])$/;

export function createPayoutsStandIn() {
  const payouts: Stored[] = [];
  const transactions: (Stored & { payout: string })[] = [];
  const unexpected: string[] = [];
  let pageSize = 100;

  const refuse = (why: string): Reply => {
    unexpected.push(why);
    return { status: 400, body: { error: { type: 'invalid_request_error', message: why } } };
  };

  /** One page of `items` after `starting_after` (which must be one of them), newest first. */
  const page = (items: Stored[], query: URLSearchParams, url: string): Reply => {
    const limit = Number(query.get('limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return refuse(`limit out of range: ${query.get('limit')}`);
    const after = query.get('starting_after');
    const start = after === null ? 0 : items.findIndex((i) => i.id === after) + 1;
    if (after !== null && start === 0) return refuse(`starting_after names no object of this list: ${after}`);
    const size = Math.min(limit, pageSize);
    const data = items.slice(start, start + size).map(({ account: _a, payout: _p, ...item }) => item);
    return { status: 200, body: { object: 'list', url, has_more: start + size < items.length, data } };
  };

  const checkHeaders = (headers: http.IncomingHttpHeaders): Reply | null => {
    if (headers.authorization !== EXPECTED_KEY) return refuse(`wrong Authorization: ${headers.authorization}`);
    const account = headers['stripe-account'];
    if (typeof account !== 'string' || !account.startsWith('acct_')) return refuse('no Stripe-Account header');
    return null;
  };

  const unknownParams = (query: URLSearchParams, allowed: RegExp): Reply | null => {
    for (const key of query.keys()) if (!allowed.test(key)) return refuse(`unexpected query parameter: ${key}`);
    return null;
  };

  const listPayouts = (query: URLSearchParams, account: string): Reply => {
    const bad = unknownParams(query, PAYOUT_PARAMS);
    if (bad) return bad;
    const gte = Number(query.get('arrival_date[gte]'));
    const lt = Number(query.get('arrival_date[lt]'));
    if (!Number.isInteger(gte) || !Number.isInteger(lt) || !query.has('arrival_date[gte]') || lt <= gte) {
      return refuse('arrival_date[gte] and arrival_date[lt] must be a range of Unix seconds');
    }
    const items = payouts
      .filter((p) => p.account === account && (p.arrival_date as number) >= gte && (p.arrival_date as number) < lt)
      .sort((a, b) => b.created - a.created);
    return page(items, query, '/v1/payouts');
  };

  const listTransactions = (query: URLSearchParams, account: string): Reply => {
    const bad = unknownParams(query, TRANSACTION_PARAMS);
    if (bad) return bad;
    if (query.get('expand[0]') !== 'data.source') return refuse('expand[0] must be data.source');
    const payout = payouts.find((p) => p.id === query.get('payout') && p.account === account);
    if (!payout) return refuse(`No such payout: '${query.get('payout')}' on ${account}`);
    const items = transactions.filter((t) => t.payout === payout.id).sort((a, b) => b.created - a.created);
    return page(items, query, '/v1/balance_transactions');
  };

  return {
    unexpected,
    /** The answer to a payouts or balance transactions request, or null for any other route. */
    route(method: string, url: string, headers: http.IncomingHttpHeaders): Reply | null {
      const [path, search = ''] = url.split('?');
      if (path !== '/v1/payouts' && path !== '/v1/balance_transactions') return null;
      if (method !== 'GET') return refuse(`${method} ${path}`);
      const bad = checkHeaders(headers);
      if (bad) return bad;
      const query = new URLSearchParams(search);
      const account = String(headers['stripe-account']);
      return path === '/v1/payouts' ? listPayouts(query, account) : listTransactions(query, account);
    },
    /** Lists answer at most `size` items a page (has_more and starting_after), below the asked limit. */
    pageListsBy(size: number) {
      pageSize = size;
    },
    /**
     * A paid payout on `account` arriving on `arrivalDate`, of the transactions' nets, with its own
     * `payout` balance transaction as at Stripe (which the adapter leaves out). Answers the ids.
     */
    addPayout(
      account: string,
      arrivalDate: string,
      lines: StandInTransaction[],
      options: { currency?: string; status?: string } = {},
    ) {
      const arrival = Date.parse(`${arrivalDate}T00:00:00Z`) / 1000;
      const currency = options.currency ?? 'usd';
      const id = newId('po');
      const amount = lines.reduce((sum, l) => sum + l.amount - l.fee, 0);
      const created = arrival - 2 * 86_400 + payouts.length;
      payouts.push({
        id,
        object: 'payout',
        account,
        amount,
        arrival_date: arrival,
        created,
        currency,
        status: options.status ?? 'paid',
        automatic: true,
        livemode: false,
      });
      const ids = lines.map((l, i) => {
        const txn = newId('txn');
        transactions.push({
          id: txn,
          object: 'balance_transaction',
          account,
          payout: id,
          amount: l.amount,
          fee: l.fee,
          net: l.amount - l.fee,
          currency,
          type: l.type,
          reporting_category: l.reporting_category ?? l.type,
          description: l.description ?? null,
          source: l.source ?? null,
          created: created - 86_400 + i,
          status: 'available',
        });
        return txn;
      });
      transactions.push({
        id: newId('txn'),
        object: 'balance_transaction',
        account,
        payout: id,
        amount: -amount,
        fee: 0,
        net: -amount,
        currency,
        type: 'payout',
        reporting_category: 'payout',
        description: 'STRIPE PAYOUT',
        source: id,
        created,
        status: 'available',
      });
      return { id, amount, transactions: ids };
    },
  };
}
