import type { FastifyRequest } from 'fastify';

/** scheme://host[:port] of the request as the browser addressed it (honouring trusted proxies). */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** True when `origin` is the request's own origin or one configured as ours. */
export function isTrustedOrigin(request: FastifyRequest, origin: string, trustedOrigins: readonly string[]): boolean {
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  if (parsed.origin === 'null') return false;
  if (trustedOrigins.includes(parsed.origin)) return true;
  // Compare hosts with default ports normalised the same way (Host may say localhost:80).
  const ownHost = URL.canParse(`${parsed.protocol}//${request.host}`)
    ? new URL(`${parsed.protocol}//${request.host}`).host
    : '';
  return parsed.host === ownHost;
}

/**
 * Defence in depth for unsafe requests: a browser sends Origin (and Sec-Fetch-Site) on every
 * cross-origin POST, so one naming a foreign site is refused even before the token check.
 */
export function isCrossSiteRequest(request: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && !isTrustedOrigin(request, origin, trustedOrigins)) return true;
  return origin === undefined && request.headers['sec-fetch-site'] === 'cross-site';
}
