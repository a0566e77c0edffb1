import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local stand-in for api.stripe.com and connect.stripe.com (stripe-node sends both to the one
 * configured host). It records every request and answers the OAuth token exchange and account
 * retrieval like Stripe does.
 */
export async function startStripeStandIn(accounts: Record<string, { email: string | null; code: string }>) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.method === 'POST' && request.url === '/oauth/token') {
        const code = new URLSearchParams(body).get('code');
        const entry = Object.entries(accounts).find(([, a]) => a.code === code);
        if (!entry)
          return json(400, { error: 'invalid_grant', error_description: `Authorization code does not exist: ${code}` });
        return json(200, {
          access_token: 'sk_test_connected',
          livemode: false,
          refresh_token: 'rt_test',
          scope: 'read_write',
          stripe_publishable_key: 'pk_test_connected',
          stripe_user_id: entry[0],
          token_type: 'bearer',
        });
      }
      const match = request.url?.match(/^\/v1\/accounts\/(acct_\w+)$/);
      const account = match?.[1] ? accounts[match[1]] : undefined;
      if (request.method === 'GET' && match?.[1] && account) {
        return json(200, {
          id: match[1],
          object: 'account',
          email: account.email,
          individual: { first_name: 'Stripe', last_name: 'Owner' },
        });
      }
      return json(404, { error: { type: 'invalid_request_error', message: 'No such route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
