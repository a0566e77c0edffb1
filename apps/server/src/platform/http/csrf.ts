import { MESSAGES } from '@kindling/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hmacHex, randomToken, safeEqual } from '../security/tokens.ts';
import { AppError } from './app-error.ts';
import { isCrossSiteRequest } from './origins.ts';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Provider webhooks prove themselves with their own signatures, and the sandbox provider's
 * authorize page is a plain HTML form with its own token (modules/sandbox). Everything else that
 * changes state, under /api/v1 or not, needs the header.
 */
// wh21: the demo webhook receiver proves a delivery by its signature, as any receiver does.
// mkt21: a marketing e-mail's one-click unsubscribe (RFC 8058) is posted by the recipient's mail
// program, with no session or token; the recipient's secret is in the address.
const EXEMPT_ROUTE_PREFIXES = [
  '/api/v1/webhooks/',
  '/sandbox/',
  '/demo/webhook-receiver',
  '/api/v1/email/unsubscribe/',
];
/**
 * The donation form's payment calls act for an anonymous donor: they read no session and a
 * cookie adds no authority to them, so there is nothing for a forged request to borrow. They must
 * work inside an iframe on the organisation's own site, where a SameSite=Lax csrf_token cookie is
 * never set or sent, so they need only a same-origin request, not the token (decision 006).
 */
export const ORIGIN_ONLY_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/npo_admin/intent',
  '/api/v1/npo_admin/confirm_payment',
  '/api/v1/npo_admin/create_order',
  '/api/v1/npo_admin/paypal_capture',
  '/api/v1/npo_admin/create_setup_token',
  '/api/v1/npo_admin/create_payment_token',
  '/api/v1/npo_admin/save_paypal_payment_method',
  '/api/v1/sandbox/payments/:id/confirm',
  // conv15: the form's funnel beacons, reminders and consented checkout starts, and the
  // reminder e-mail's unsubscribe page (docs/decisions/037-conversion-features.md).
  '/api/v1/npo_admin/funnel_event',
  '/api/v1/npo_admin/checkout_started',
  '/api/v1/npo_admin/remind_me',
  '/api/v1/npo_admin/reminders/unsubscribe',
  // events18: the public event page's ticket order and its confirmation.
  '/api/v1/event_page/:key/orders',
  '/api/v1/event_orders/:reference/confirm',
  // cf17: the crowdfunding page's reward hold and its claim by the paid gift (decision 048).
  '/api/v1/crowdfunding_page/:key/rewards/:rewardId/claims',
  '/api/v1/crowdfunding_claims/:reference/confirm',
  // mem19: a membership join's hold, made by the donation form before its payment (decision 049).
  '/api/v1/subscriptions/:campaign_url/join',
  // cf17c: an all-or-nothing pledge and its confirmation once the card is saved (decision 065).
  '/api/v1/crowdfunding_page/:key/pledges',
  '/api/v1/crowdfunding_pledges/:reference/confirm',
]);

/**
 * What an unsafe call to a route pattern must bring: nothing for a safe method or an exempt route,
 * a same-origin request for the anonymous payment calls, else the X-CSRF-Token header.
 */
export type CsrfRule = 'none' | 'exempt' | 'origin' | 'token';

export function csrfRuleOf(method: string, route: string | undefined): CsrfRule {
  if (!UNSAFE_METHODS.has(method)) return 'none';
  if (route !== undefined && EXEMPT_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix))) return 'exempt';
  if (route !== undefined && ORIGIN_ONLY_ROUTES.has(route)) return 'origin';
  return 'token';
}

// Signed double-submit cookie (OWASP): `random.hmac(secret, len(sessionId):sessionId:random)`. The
// HMAC binds the token to the session, so a cookie planted by a sibling site or taken from another
// session is worthless; the session id is '' before sign-in.
const signature = (secret: string, sessionId: string, random: string) =>
  hmacHex(secret, `${sessionId.length}:${sessionId}:${random}`);

export function issueCsrfToken(secret: string, sessionId: string): string {
  const random = randomToken(18);
  return `${random}.${signature(secret, sessionId, random)}`;
}

export function isCsrfTokenValid(secret: string, sessionId: string, token: string | undefined): boolean {
  if (!token) return false;
  const [random, mac, extra] = token.split('.');
  if (!random || !mac || extra !== undefined) return false;
  return safeEqual(mac, signature(secret, sessionId, random));
}

const issued = new WeakMap<FastifyRequest, { sessionId: string; token: string }>();

/**
 * The csrf_token valid for the request's current session: the cookie the browser sent when it is
 * still valid, else a new one that this response sets (sign-in and logout change the session, so
 * the token rotates with it).
 */
export function csrfTokenFor(request: FastifyRequest, reply: FastifyReply, secret: string): string {
  const sessionId = request.session?.id ?? '';
  const sent = request.cookies[CSRF_COOKIE];
  if (isCsrfTokenValid(secret, sessionId, sent) && sent) return sent;
  const previous = issued.get(request);
  if (previous?.sessionId === sessionId) return previous.token;
  const token = issueCsrfToken(secret, sessionId);
  issued.set(request, { sessionId, token });
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
  return token;
}

/** Must be registered after the session hook: the check needs `request.session`. */
export function registerCsrf(app: FastifyInstance, options: { secret: string; trustedOrigins: readonly string[] }) {
  const check = (request: FastifyRequest): boolean => {
    // An API key travels in a header no other site can make a browser send (decision 069).
    if (request.session?.apiKey) return true;
    // The matched route pattern, not the raw URL, so no spelling of a path can borrow an exemption.
    const rule = csrfRuleOf(request.method, request.routeOptions.url);
    if (rule === 'exempt') return true;
    if (isCrossSiteRequest(request, options.trustedOrigins)) return false;
    if (rule === 'origin') return true;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    return (
      typeof header === 'string' &&
      !!cookie &&
      safeEqual(header, cookie) &&
      isCsrfTokenValid(options.secret, request.session?.id ?? '', cookie)
    );
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || check(request)) return done();
    done(new AppError('CSRF_INVALID', MESSAGES.csrfInvalid));
  });
  // Every response carries a valid token, so the single-page app's first GET gives it one; except
  // the anonymous public reads (route config `csrfCookie: false`), which a donor's page load calls
  // and which need no token afterwards (decision 006): no random bytes, HMAC or Set-Cookie there.
  // The origin-only payment calls are the same: the donation form never needs a token.
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    const anonymous =
      request.routeOptions.config?.csrfCookie === false || (route !== undefined && ORIGIN_ONLY_ROUTES.has(route));
    if (!anonymous && !request.session?.apiKey) csrfTokenFor(request, reply, options.secret);
    done(null, payload);
  });
}
