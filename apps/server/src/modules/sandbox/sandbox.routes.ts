import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { CSRF_COOKIE, csrfTokenFor, isCsrfTokenValid } from '../../platform/http/csrf.ts';
import { isCrossSiteRequest, isTrustedOrigin } from '../../platform/http/origins.ts';
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

export type SandboxDeps = { config: Config; db: Db };

/** The sandbox provider's stand-in for Stripe's OAuth authorize page (only without Stripe keys). */
export async function sandboxRoutes(app: FastifyInstance, deps: SandboxDeps): Promise<void> {
  // With Stripe keys the real page is used; in production the sandbox never signs anyone in.
  if (deps.config.STRIPE_SECRET_KEY || deps.config.isProduction) return;
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ownOrigins = [
    ...deps.config.trustedOrigins,
    ...(deps.config.PUBLIC_URL ? [new URL(deps.config.PUBLIC_URL).origin] : []),
  ];
  const isOwn = (request: FastifyRequest) => (origin: string) => isTrustedOrigin(request, origin, ownOrigins);

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  const badRequest = (reply: FastifyReply, message: string) =>
    page(reply, 400, renderErrorPage('This sign-in link is not valid', message));

  const renderForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    q: TAuthorizeQuery,
    email: string,
    error: string | null,
  ) => {
    const csrf = csrfTokenFor(request, reply, deps.config.sessionSecret);
    return renderAuthorizePage({
      action: SANDBOX_AUTHORIZE_PATH,
      email,
      emailError: error,
      hidden: { ...q, form_token: consentFormToken(deps.config.sessionSecret, csrf, q.state, q.redirect_uri) },
    });
  };

  r.get(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
    const parsed = ZAuthorizeQuery.safeParse(request.query);
    if (!parsed.success) return badRequest(reply, 'Go back to Kindling and choose Continue with Stripe again.');
    if (!isSameOriginRedirect(parsed.data.redirect_uri, isOwn(request))) {
      return badRequest(reply, 'The return address is not part of this Kindling installation.');
    }
    return page(reply, 200, renderForm(request, reply, parsed.data, DEFAULT_EMAIL, null));
  });

  r.post(SANDBOX_AUTHORIZE_PATH, async (request, reply) => {
    const parsed = ZConsentForm.safeParse(request.body);
    if (!parsed.success || !isSameOriginRedirect(parsed.data.redirect_uri, isOwn(request))) {
      return badRequest(reply, 'Go back to Kindling and choose Continue with Stripe again.');
    }
    const { decision, email, form_token, ...query } = parsed.data;
    const csrf = request.cookies[CSRF_COOKIE];
    const isGenuine =
      !isCrossSiteRequest(request, ownOrigins) &&
      !!csrf &&
      isCsrfTokenValid(deps.config.sessionSecret, request.session?.id ?? '', csrf) &&
      safeEqual(form_token, consentFormToken(deps.config.sessionSecret, csrf, query.state, query.redirect_uri));
    if (!isGenuine) {
      return page(
        reply,
        403,
        renderErrorPage('This form has expired', 'Go back to Kindling and choose Continue with Stripe again.'),
      );
    }
    if (decision === 'cancel') {
      return reply.redirect(withQuery(query.redirect_uri, { error: 'access_denied', state: query.state }), 302);
    }
    const address = z.string().trim().email().safeParse(email);
    if (!address.success) {
      return page(reply, 400, renderForm(request, reply, query, email, 'Enter a valid email address'));
    }
    const code = await issueSandboxCode(deps.db, address.data);
    return reply.redirect(withQuery(query.redirect_uri, { code, state: query.state, scope: query.scope }), 302);
  });
}
