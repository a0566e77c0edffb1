import {
  ZBackupCodesResponse,
  ZChangePasswordRequest,
  ZCreateOrganisationRequest,
  ZCreateOrganisationResponse,
  ZForgotPasswordRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZMfaCodeRequest,
  ZMfaSetupResponse,
  ZMfaStatusResponse,
  ZResetPasswordRequest,
  ZResetTokenResponse,
  ZSignUpAccountRequest,
  ZVerifyEmailRequest,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isTrustedOrigin, requestOrigin } from '../../platform/http/origins.ts';
import { PUBLIC_ROUTE as config } from '../../platform/http/route-access.ts';
import { type Router, zodRouter } from '../../platform/http/router.ts';
import { requireSession, sessionOf } from '../../platform/http/session-context.ts';
import { changePassword, createOwnOrganisation, signUp } from './account.service.ts';
import type { AuthDeps } from './auth.deps.ts';
import { resendOwnVerification, verifyEmail } from './email-verification.service.ts';
import { disableMfa, enableMfa, getMfaStatus, regenerateBackupCodes, startMfaSetup } from './mfa.service.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { answerSignIn, clientOf } from './route-helpers.ts';

const FORGOT_ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

const signedIn = { preHandler: requireSession };
const actorOf = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip ?? null });

/** Sign-up, the first organisation, password reset and change, and the MFA settings of /profile. */
export async function accountRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const r = zodRouter(app, 'Account');
  onboardingRoutes(r, deps);
  passwordRoutes(r, deps);
  verificationRoutes(r, deps);
  mfaRoutes(r, deps);
}

function onboardingRoutes(r: Router, deps: AuthDeps) {
  r.post(
    '/signup',
    { config, schema: { body: ZSignUpAccountRequest, response: { 200: ZLoginResponse } } },
    async (request, reply) =>
      answerSignIn(
        request,
        reply,
        await signUp(deps, request.body, { ...clientOf(request), origin: linkOrigin(deps, request) }),
      ),
  );

  r.post(
    '/npo_admin/organisations',
    { ...signedIn, schema: { body: ZCreateOrganisationRequest, response: { 201: ZCreateOrganisationResponse } } },
    async (request, reply) => {
      const result = await createOwnOrganisation(deps, sessionOf(request), request.body, request.ip ?? null);
      request.session = result.session;
      return reply.status(201).send({ npo: result.npo });
    },
  );
}

/** Where e-mailed links point: the configured public address, else the page the request came from. */
function linkOrigin(deps: AuthDeps, request: FastifyRequest): string {
  if (deps.config.PUBLIC_URL) return new URL(deps.config.PUBLIC_URL).origin;
  const origin = request.headers.origin;
  return origin && isTrustedOrigin(request, origin, deps.config.trustedOrigins) ? origin : requestOrigin(request);
}

/** E-mail verification: the public link, and a new link for the signed-in user (decision 078). */
function verificationRoutes(r: Router, deps: AuthDeps) {
  r.post(
    '/email_verification',
    { config, schema: { body: ZVerifyEmailRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await verifyEmail(deps, request.body.token, request.ip ?? null);
      return { status: 200, message: 'Your e-mail address is verified. Thank you.' };
    },
  );
  r.post(
    '/account/email_verification',
    { ...signedIn, schema: { response: { 202: ZMessageResponse } } },
    async (request, reply) => {
      const { email } = await resendOwnVerification(deps, sessionOf(request), linkOrigin(deps, request));
      return reply.status(202).send({ status: 202, message: `We have sent a new link to ${email}.` });
    },
  );
}

function passwordRoutes(r: Router, deps: AuthDeps) {
  r.post(
    '/password/forgot',
    { config, schema: { body: ZForgotPasswordRequest, response: { 202: ZMessageResponse } } },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email, {
        ip: request.ip ?? null,
        origin: linkOrigin(deps, request),
      });
      return reply.status(202).send({ status: 202, message: FORGOT_ANSWER });
    },
  );

  r.get(
    '/password/reset/:token',
    {
      config,
      schema: { params: z.object({ token: z.string().min(10).max(200) }), response: { 200: ZResetTokenResponse } },
    },
    async (request) => ({ status: 200, email: await checkResetToken(deps, request.params.token) }),
  );

  r.post(
    '/password/reset',
    { config, schema: { body: ZResetPasswordRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await resetPassword(deps, request.body, request.ip ?? null);
      return { status: 200, message: 'Your password has been reset. Sign in with the new password.' };
    },
  );

  r.post(
    '/account/password',
    { ...signedIn, schema: { body: ZChangePasswordRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await changePassword(deps, sessionOf(request), request.body, request.ip ?? null);
      return { status: 200, message: 'Your password has been changed.' };
    },
  );
}

function mfaRoutes(r: Router, deps: AuthDeps) {
  r.get('/account/mfa', { ...signedIn, schema: { response: { 200: ZMfaStatusResponse } } }, async (request) =>
    getMfaStatus(deps, sessionOf(request).user.id),
  );

  r.post('/account/mfa/setup', { ...signedIn, schema: { response: { 200: ZMfaSetupResponse } } }, async (request) =>
    startMfaSetup(deps, actorOf(request)),
  );

  const withCode = { ...signedIn, schema: { body: ZMfaCodeRequest, response: { 200: ZBackupCodesResponse } } };
  r.post('/account/mfa/enable', withCode, async (request) => ({
    backup_codes: await enableMfa(deps, actorOf(request), request.body.otp_code),
  }));
  r.post('/account/mfa/backup_codes', withCode, async (request) => ({
    backup_codes: await regenerateBackupCodes(deps, actorOf(request), request.body.otp_code),
  }));
  r.post(
    '/account/mfa/disable',
    { ...signedIn, schema: { body: ZMfaCodeRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await disableMfa(deps, actorOf(request), request.body.otp_code);
      return { status: 200, message: 'Two-factor authentication is off.' };
    },
  );
}
