import {
  MESSAGES,
  ZAuthConfigResponse,
  ZGoogleOnetapRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZRefreshQuery,
  ZRefreshResponse,
  ZSelectNpoQuery,
  ZSelectNpoResponse,
  ZSignInRequest,
  ZStripeOnetapRequest,
  ZVerifyBackupCodeRequest,
  ZVerifyOtpRequest,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { type Router, zodRouter } from '../../platform/http/router.ts';
import { clearSessionCookie, requireSession, SESSION_COOKIE, sessionOf } from '../../platform/http/session-context.ts';
import type { AuthDeps } from './auth.deps.ts';
import { signInWithGoogle, signInWithStripe } from './provider-sign-in.service.ts';
import { answerSignIn, clientOf } from './route-helpers.ts';
import { verifyBackupCode, verifyOtp } from './second-factor.service.ts';
import { buildRefresh, publicProviderSettings, selectOrganisation } from './session-state.service.ts';
import { endSession, endSessionByToken } from './sessions.service.ts';
import { signInWithPassword } from './sign-in.service.ts';

const STRIPE_STATE_COOKIE = 'stripe_oauth_state';

const login = { response: { 200: ZLoginResponse } };
const config = PUBLIC_ROUTE;

/** Sign-in, the second factor, provider sign-in, refresh, organisation selection and logout. */
export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const r = zodRouter(app, 'Sign-in');
  signInRoutes(r, deps);
  sessionRoutes(r, deps);
}

function signInRoutes(r: Router, deps: AuthDeps) {
  r.get('/auth/config', { config, schema: { response: { 200: ZAuthConfigResponse } } }, async () =>
    publicProviderSettings(deps),
  );

  r.post('/npo_users/sign_in', { config, schema: { ...login, body: ZSignInRequest } }, async (request, reply) =>
    answerSignIn(request, reply, await signInWithPassword(deps, request.body.npo_user, clientOf(request))),
  );

  r.post('/verify_otp', { config, schema: { ...login, body: ZVerifyOtpRequest } }, async (request, reply) => {
    const input = { tempSessionId: request.body.temp_session_id, code: request.body.otp_code };
    return answerSignIn(request, reply, await verifyOtp(deps, input, clientOf(request)));
  });

  r.post(
    '/verify_backup_code',
    { config, schema: { ...login, body: ZVerifyBackupCodeRequest } },
    async (request, reply) => {
      const input = { tempSessionId: request.body.temp_session_id, code: request.body.backup_code };
      return answerSignIn(request, reply, await verifyBackupCode(deps, input, clientOf(request)));
    },
  );

  r.post('/google_onetap', { config, schema: { ...login, body: ZGoogleOnetapRequest } }, async (request, reply) =>
    answerSignIn(request, reply, await signInWithGoogle(deps, request.body.credential, clientOf(request))),
  );

  r.post('/stripe_onetap', { config, schema: { ...login, body: ZStripeOnetapRequest } }, async (request, reply) => {
    const input = {
      code: request.body.code,
      state: request.body.state,
      stripeOauthState: request.body.stripe_oauth_state,
      cookieState: request.cookies[STRIPE_STATE_COOKIE],
    };
    const result = await signInWithStripe(deps, input, clientOf(request));
    // The state is spent: the web app's copy goes too.
    reply.clearCookie(STRIPE_STATE_COOKIE, { path: '/' });
    return answerSignIn(request, reply, result);
  });
}

function sessionRoutes(r: Router, deps: AuthDeps) {
  r.get(
    '/refresh',
    {
      config: { access: { kind: 'session' } },
      schema: { querystring: ZRefreshQuery, response: { 200: ZRefreshResponse } },
    },
    async (request) => buildRefresh(deps, sessionOf(request, MESSAGES.sessionExpired)),
  );

  r.get(
    '/npo_admin/select_npo',
    { preHandler: requireSession, schema: { querystring: ZSelectNpoQuery, response: { 200: ZSelectNpoResponse } } },
    async (request) => {
      const result = await selectOrganisation(deps, sessionOf(request), request.query.npo_id);
      request.session = result.session;
      return result.response;
    },
  );

  // GET for the sidebar's link, POST (empty body) for the top bar; both are fine when signed out.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (request.session) await endSession(deps.db, request.session.id);
    else if (token) await endSessionByToken(deps.db, token);
    clearSessionCookie(request, reply);
    request.session = null;
    return { status: 200, message: 'Signed out' };
  };
  const signOut = {
    config: { access: { kind: 'optional-session', note: 'ends the session, if there is one.' } },
    schema: { response: { 200: ZMessageResponse } },
  } as const;
  r.get('/logout', signOut, logout);
  r.post('/logout', signOut, logout);
}
