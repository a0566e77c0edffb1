// The donor portal's signed link (decision 012): one organisation, one donor, 30 days. No row is
// stored: the link carries its own claims and an HMAC over them, so a receipt e-mail can carry a
// link without a write, and a changed claim (another donor, another organisation, a later expiry)
// breaks the signature.
import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens.ts';

export const PORTAL_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const TOKEN_VERSION = 'p1';

export type PortalClaims = { npoId: number; donorId: number; expiresAt: Date };

export type PortalTokenCheck =
  | { ok: true; claims: PortalClaims }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/**
 * A key of its own for portal links, derived from the session secret, so a signature made for
 * another purpose with the same secret can never pass as a portal link.
 */
function portalKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('kindling.portal-link.v1').digest();
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', portalKey(secret)).update(payload).digest('base64url');
}

/** `p1.<npo>.<donor>.<expiry in unix seconds>.<signature>`: URL-safe as it is. */
export function signPortalToken(input: {
  secret: string;
  npoId: number;
  donorId: number;
  now?: Date;
  ttlMs?: number;
}): string {
  const now = input.now ?? new Date();
  const expiresAt = Math.floor((now.getTime() + (input.ttlMs ?? PORTAL_LINK_TTL_MS)) / 1000);
  const payload = `${TOKEN_VERSION}.${input.npoId}.${input.donorId}.${expiresAt}`;
  return `${payload}.${signature(input.secret, payload)}`;
}

const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;
/** A SHA-256 HMAC in base64url: 43 characters. */
const MAC = /^[A-Za-z0-9_-]{43}$/;

/** Checks the signature in constant time before it trusts any claim, then the expiry. */
export function verifyPortalToken(token: string, secret: string, now: Date = new Date()): PortalTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== TOKEN_VERSION) return { ok: false, reason: 'malformed' };
  const [, npo, donor, expiry, mac] = parts as [string, string, string, string, string];
  if (!POSITIVE_INT.test(npo) || !POSITIVE_INT.test(donor) || !POSITIVE_INT.test(expiry) || !MAC.test(mac)) {
    return { ok: false, reason: 'malformed' };
  }
  const payload = `${TOKEN_VERSION}.${npo}.${donor}.${expiry}`;
  if (!safeEqual(mac, signature(secret, payload))) return { ok: false, reason: 'bad_signature' };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { npoId: Number(npo), donorId: Number(donor), expiresAt } };
}

/**
 * The absolute link an e-mail carries: `<origin>/portal/<token>`, plus `?plan=<id>` to open that
 * plan's payment method change (the plan is only a hint for the page: the portal still shows only
 * the signed donor's plans).
 */
export function createPortalLink(input: {
  origin: string;
  secret: string;
  npoId: number;
  donorId: number;
  planId?: number;
  now?: Date;
}): string {
  const token = signPortalToken(input);
  const base = `${input.origin.replace(/\/+$/, '')}/portal/${token}`;
  return input.planId === undefined ? base : `${base}?plan=${input.planId}`;
}
