// The short portal session a link is exchanged for (decision 012): an httpOnly cookie holding a
// signed "this donor of this organisation until then" claim, valid for two hours (never past the
// link's own expiry), sent only to /api/v1/portal. Nothing is stored: the claim signs itself with
// a key of its own, so a link can never pass as a session cookie or the other way round.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PortalClaims, signPortalToken, verifyPortalToken } from '../../platform/security/portal-link.ts';
import { hmacHex } from '../../platform/security/tokens.ts';

export const PORTAL_COOKIE = 'kindling_portal';
export const PORTAL_COOKIE_PATH = '/api/v1/portal';
export const PORTAL_SESSION_TTL_MS = 2 * 60 * 60 * 1000;

const sessionSecret = (secret: string) => hmacHex(secret, 'kindling.portal-session.v1');

/** Sets the cookie for the link's donor and organisation; answers when it ends. */
export function startPortalSession(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  link: PortalClaims,
  now = new Date(),
): Date {
  const ttlMs = Math.min(PORTAL_SESSION_TTL_MS, link.expiresAt.getTime() - now.getTime());
  const value = signPortalToken({
    secret: sessionSecret(secret),
    npoId: link.npoId,
    donorId: link.donorId,
    now,
    ttlMs,
  });
  reply.setCookie(PORTAL_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: PORTAL_COOKIE_PATH,
    maxAge: Math.floor(ttlMs / 1000),
  });
  // The cookie holds whole seconds: report the expiry it really has.
  return new Date(Math.floor((now.getTime() + ttlMs) / 1000) * 1000);
}

export function endPortalSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(PORTAL_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: PORTAL_COOKIE_PATH,
  });
}

/** The donor and organisation of a live portal cookie; null without one or when it expired or was changed. */
export function portalSessionOf(request: FastifyRequest, secret: string, now = new Date()): PortalClaims | null {
  const value = request.cookies[PORTAL_COOKIE];
  if (!value) return null;
  const check = verifyPortalToken(value, sessionSecret(secret), now);
  return check.ok ? check.claims : null;
}
