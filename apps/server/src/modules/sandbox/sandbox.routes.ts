import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { CSRF_COOKIE, csrfTokenFor, isCsrfTokenValid } from '../../platform/http/csrf.ts';
import { isCrossSiteRequest, isTrustedOrigin } from '../../platform/http/origins.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { safeEqual } from '../../platform/security/tokens.ts';
import { renderAuthorizePage, renderErrorPage } from './sandbox.page.ts';
import {
  consentFormToken,
  isSameOriginRedirect,
  issueSandboxCode,
  SANDBOX_AUTHORIZE_PATH,
  SANDBOX_CLIENT_ID,
  withQuery,
} from './sandbox.service.ts';

const ZAuthorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(SANDBOX_CLIENT_ID),
  scope: z.enum(['read_write', 'read_only']).default('read_only'),
  state: z.string().min(1).max(512),
  redirect_uri: z.string().min(1).max(2048),
});
type TAuthorizeQuery = z.infer<typeof ZAuthorizeQuery>;

const ZConsentForm = ZAuthorizeQuery.extend({
  decision: z.enum(['authorize', 'cancel']),
  email: z.string().max(254).default(''),
  form_token: z.string().min(1).max(200),
});

const DEFAULT_EMAIL = 'admin@kindling.test';
const START_AGAIN = 'Go back to Kindling and choose Continue with Stripe again.';

export type SandboxDeps = { config: Config; db: Db };

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/** The sandbox provider's stand-in for Stripe's OAuth authorize page (only without Stripe keys). */
export async function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): Promise<void> {
  // With Stripe keys the real page is used; in production the sandbox never signs anyone in.
  if (deps.config.STRIPE_SECRET_KEY || deps.config.isProduction) return;
  await app.register(formbody);
  const consent = createConsentPage(deps);
  const r = zodRouter(app);
  r.get(SANDBOX_AUTHORIZE_PATH, (request, reply) => consent.show(request, reply));
  r.post(SANDBOX_AUTHORIZE_PATH, (request, reply) => consent.decide(request, reply));
}

function createConsentPage({ config, db }: SandboxDeps) {
  const secret = config.sessionSecret;
  const ownOrigins = [...config.trustedOrigins, ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [])];
  const isOwnRedirect = (request: FastifyRequest, uri: string) =>
    isSameOriginRedirect(uri, (origin) => isTrustedOrigin(request, origin, ownOrigins));
  const badRequest = (reply: FastifyReply, message: string) =>
    sendPage(reply, 400, renderErrorPage('This sign-in link is not valid', message));

  const renderForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    q: TAuthorizeQuery,
    email: string,
    error: string | null,
  ) =>
    renderAuthorizePage({
      action: SANDBOX_AUTHORIZE_PATH,
      email,
      emailError: error,
      hidden: {
        ...q,
        form_token: consentFormToken(secret, csrfTokenFor(request, reply, secret), q.state, q.redirect_uri),
      },
    });

  /** Only a post from our own page in this browser: its csrf_token cookie and the form token agree. */
  const isGenuinePost = (request: FastifyRequest, formToken: string, q: TAuthorizeQuery) => {
    const csrf = request.cookies[CSRF_COOKIE];
    return (
      !isCrossSiteRequest(request, ownOrigins) &&
      !!csrf &&
      isCsrfTokenValid(secret, request.session?.id ?? '', csrf) &&
      safeEqual(formToken, consentFormToken(secret, csrf, q.state, q.redirect_uri))
    );
  };

  return {
    show: async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = ZAuthorizeQuery.safeParse(request.query);
      if (!parsed.success) return badRequest(reply, START_AGAIN);
      if (!isOwnRedirect(request, parsed.data.redirect_uri)) {
        return badRequest(reply, 'The return address is not part of this Kindling installation.');
      }
      return sendPage(reply, 200, renderForm(request, reply, parsed.data, DEFAULT_EMAIL, null));
    },
    decide: async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = ZConsentForm.safeParse(request.body);
      if (!parsed.success || !isOwnRedirect(request, parsed.data.redirect_uri)) return badRequest(reply, START_AGAIN);
      const { decision, email, form_token, ...query } = parsed.data;
      if (!isGenuinePost(request, form_token, query)) {
        return sendPage(reply, 403, renderErrorPage('This form has expired', START_AGAIN));
      }
      if (decision === 'cancel') {
        return reply.redirect(withQuery(query.redirect_uri, { error: 'access_denied', state: query.state }), 302);
      }
      const address = z.string().trim().email().safeParse(email);
      if (!address.success) {
        return sendPage(reply, 400, renderForm(request, reply, query, email, 'Enter a valid email address'));
      }
      const code = await issueSandboxCode(db, address.data);
      return reply.redirect(withQuery(query.redirect_uri, { code, state: query.state, scope: query.scope }), 302);
    },
  };
}
