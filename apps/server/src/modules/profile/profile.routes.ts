import multipart from '@fastify/multipart';
import {
  MESSAGES,
  ZEmailChangeRequest,
  ZEmailChangeResponse,
  ZEmailConfirmRequest,
  ZEmailConfirmResponse,
  ZProfile,
  ZUpdateProfileRequest,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { IMAGE_UPLOAD_BODY, MAX_IMAGE_BYTES, readImageUpload } from '../../platform/files/image-upload.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { requireSession, sessionOf } from '../../platform/http/session-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createFailureLimiter } from '../../platform/security/rate-limiter.ts';
import { confirmEmailChange, type EmailChangeDeps, requestEmailChange } from './email-change.service.ts';
import { getProfile, removePhoto, setPhoto, updateName } from './profile.service.ts';

type Deps = { db: Db; mailer: Mailer; files: FileStore; origin: string; config: Config };

const signedIn = { preHandler: requireSession };
const actorOf = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip ?? null });

/**
 * /api/v1/account/profile…: the signed-in person's own name, photo and e-mail address, for every
 * role (docs/product/profile.md). The password and second factor are the auth module's
 * /account/password and /account/mfa routes.
 */
export async function profileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = zodRouter(app, 'Profile');
  const { db, files } = deps;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  const emailDeps: EmailChangeDeps = {
    db,
    mailer: deps.mailer,
    origin: deps.origin,
    // As many wrong passwords as a password change allows, counted per user.
    passwordTries: createFailureLimiter(db, {
      name: 'email-change',
      limit: deps.config.SIGN_IN_FAILURE_LIMIT,
      windowSeconds: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60,
      message: MESSAGES.tooManyAttempts,
    }),
  };
  const profile = { response: { 200: ZProfile } };

  r.get('/account/profile', { ...signedIn, schema: profile }, async (request) =>
    getProfile(db, sessionOf(request).user.id),
  );

  r.put('/account/profile', { ...signedIn, schema: { ...profile, body: ZUpdateProfileRequest } }, async (request) =>
    updateName(db, actorOf(request), request.body),
  );

  r.post(
    '/account/profile/photo',
    { ...signedIn, config: { openapi: { body: IMAGE_UPLOAD_BODY } }, schema: profile },
    async (request) => {
      const actor = actorOf(request);
      return setPhoto(db, files, actor, await readImageUpload(request));
    },
  );

  r.delete('/account/profile/photo', { ...signedIn, schema: profile }, async (request) =>
    removePhoto(db, files, actorOf(request)),
  );

  r.post(
    '/account/email',
    { ...signedIn, schema: { body: ZEmailChangeRequest, response: { 202: ZEmailChangeResponse } } },
    async (request, reply) => {
      const { pendingEmail } = await requestEmailChange(emailDeps, actorOf(request), request.body);
      return reply.status(202).send({
        status: 202,
        message: `We sent a link to ${pendingEmail}. Your address changes when you open it.`,
        pending_email: pendingEmail,
      });
    },
  );

  r.post(
    '/account/email/confirm',
    {
      config: {
        access: {
          kind: 'optional-session',
          note: 'Works signed out; signed in as another account than the link is for, it is refused.',
        },
      },
      schema: { body: ZEmailConfirmRequest, response: { 200: ZEmailConfirmResponse } },
    },
    async (request) => {
      const { email } = await confirmEmailChange(emailDeps, request.body.token, request.session, request.ip ?? null);
      return { status: 200, message: `Your e-mail address is now ${email}.`, email };
    },
  );
}
