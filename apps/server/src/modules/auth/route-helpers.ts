import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, setSessionCookie } from '../../platform/http/session-context.ts';
import type { ClientContext, SignInResult } from './sign-in.service.ts';

export const clientOf = (request: FastifyRequest): ClientContext => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  previousSessionToken: request.cookies[SESSION_COOKIE] ?? null,
});

/**
 * Answers a sign-in step. A new session sets its cookie and becomes the request's session, so the
 * CSRF hook rotates csrf_token in this same response.
 */
export function answerSignIn(request: FastifyRequest, reply: FastifyReply, result: SignInResult) {
  if (result.kind === 'session') {
    setSessionCookie(request, reply, result.token, result.maxAgeSeconds);
    request.session = result.session;
  }
  return result.response;
}
