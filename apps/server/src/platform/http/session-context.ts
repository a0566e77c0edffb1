import {
  ACCESS,
  MESSAGES,
  MFA_SETUP_MESSAGE,
  PERMISSION_LABELS,
  type TAccessGroup,
  type TPermission,
} from '@kindling/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { withAccess } from './route-access.ts';

export const SESSION_COOKIE = 'kindling_session';

/** The signed-in user as every handler sees it (see modules/auth for how it is loaded). */
export type RequestSession = {
  /** The session row id: SHA-256 of the cookie value. */
  id: string;
  user: { id: number; email: string; firstName: string; lastName: string };
  selectedNpoId: number | null;
  /** Role in the selected organisation; null until one is selected. */
  roleCode: number | null;
  roleName: string | null;
  /** The member's effective permissions there, loaded with the session (docs/product/team.md#permissions). */
  permissions: readonly string[];
  /**
   * The selected organisation requires a second factor the user has not set up: organisation
   * routes answer 403 MFA_SETUP_REQUIRED until they do (docs/product/security.md#two-step-verification).
   */
  mfaSetupRequired: boolean;
  /**
   * Set when the caller is an organisation's API key, not a browser: the key's id and scopes
   * (docs/decisions/069-api-keys-and-webhooks.md). `user` is then the admin who created the key.
   */
  apiKey?: { id: number; scopes: readonly string[] };
};

/** A session with an organisation selected, as handlers behind requireAccess get it. */
export type OrganisationSession = RequestSession & { selectedNpoId: number; roleCode: number; roleName: string };

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

/** Finds the live session for a cookie value; `touched` asks to renew the cookie's lifetime. */
export type SessionResolver = (
  token: string,
) => Promise<{ session: RequestSession; touched: boolean; maxAgeSeconds: number } | null>;

/**
 * Finds the actor behind an `Authorization: Bearer` value (an API key), or throws the refusal
 * (invalid key, missing scope, rate limit). Only bearer requests call it.
 */
export type BearerResolver = (token: string, request: FastifyRequest) => Promise<RequestSession>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Loads `request.session` from the session cookie before anything else runs; clears a dead cookie.
 * A request with `Authorization: Bearer` is an API key's instead, and its cookie is not read.
 */
export function registerSessionHook(
  app: FastifyInstance,
  resolve: SessionResolver,
  resolveBearer?: BearerResolver,
): void {
  app.decorateRequest('session', null);
  // Callback style: most public requests carry no cookie and should not pay for a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const authorization = request.headers.authorization;
    if (resolveBearer && authorization) {
      const bearer = BEARER.exec(authorization)?.[1];
      if (bearer) {
        resolveBearer(bearer, request).then((session) => {
          request.session = session;
          done();
        }, done);
        return;
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    resolve(token).then((found) => {
      if (!found) {
        clearSessionCookie(request, reply);
        return done();
      }
      request.session = found.session;
      if (found.touched) setSessionCookie(request, reply, token, found.maxAgeSeconds);
      done();
    }, done);
  });
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}

/** The caller's session, or 401. */
export function sessionOf(request: FastifyRequest, message: string = MESSAGES.notSignedIn): RequestSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED', message);
  return request.session;
}

/** preHandler: any signed-in user. */
export const requireSession = withAccess(
  async (request: FastifyRequest): Promise<void> => {
    sessionOf(request);
  },
  { kind: 'session' },
);

/**
 * The caller's session with a selected organisation whose role is in `allowed` (an access group of
 * the contract, or an explicit list of codes): 401 without a session, 403 otherwise.
 */
export function organisationSessionOf(
  request: FastifyRequest,
  allowed: TAccessGroup | readonly number[],
): OrganisationSession {
  const session = sessionOf(request);
  if (session.selectedNpoId === null || session.roleCode === null || session.roleName === null) {
    throw new AppError('FORBIDDEN', 'Select an organisation first.');
  }
  const codes: readonly number[] = typeof allowed === 'string' ? ACCESS[allowed] : allowed;
  if (!codes.includes(session.roleCode)) {
    throw new AppError('FORBIDDEN', 'Your role in this organisation does not allow this.');
  }
  // The session, sign-out, second-factor set-up and profile routes need only a session, so they stay open.
  if (session.mfaSetupRequired) throw new AppError('MFA_SETUP_REQUIRED', MFA_SETUP_MESSAGE);
  return session as OrganisationSession;
}

/**
 * preHandler after requireAccess: the member's permission set must hold `permission`
 * (docs/decisions/028-team-and-permissions.md). The set comes with the session: no query.
 */
export const requirePermission =
  (permission: TPermission) =>
  async (request: FastifyRequest): Promise<void> => {
    checkPermission(request, permission);
  };

/** The same check inside a handler, for a route whose permission depends on its input. */
export function checkPermission(request: FastifyRequest, permission: TPermission): void {
  if (!sessionOf(request).permissions.includes(permission)) {
    throw new AppError('FORBIDDEN', `You do not have the “${PERMISSION_LABELS[permission]}” permission here.`);
  }
}

/** preHandler enforcing the same access lists as the web app's route guards. */
export const requireAccess = (allowed: TAccessGroup | readonly number[]) =>
  withAccess(
    async (request: FastifyRequest): Promise<void> => {
      organisationSessionOf(request, allowed);
    },
    typeof allowed === 'string'
      ? { kind: 'organisation', group: allowed, roles: ACCESS[allowed] }
      : { kind: 'organisation', group: null, roles: allowed },
  );
