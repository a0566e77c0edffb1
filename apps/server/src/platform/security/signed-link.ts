// A signed link's token: a purpose, a few positive integer claims and an expiry, with an HMAC over
// them (the donor portal's link in portal-link.ts works the same way). Nothing is stored: a changed
// claim or expiry breaks the signature, and each purpose has its own key derived from the secret,
// so a token made for one purpose never passes as another.
import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens.ts';

export type SignedClaims = { ids: number[]; expiresAt: Date };
export type SignedCheck =
  | { ok: true; claims: SignedClaims }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

const mac = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secret).update(`kindling.${purpose}.v1`).digest())
    .update(payload)
    .digest('base64url');

/** `<purpose>.<id>….<expiry in unix seconds>.<signature>`: URL-safe as it is. */
export function signClaims(secret: string, purpose: string, ids: number[], expiresAt: Date): string {
  const payload = [purpose, ...ids, Math.floor(expiresAt.getTime() / 1000)].join('.');
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** Checks the signature in constant time before it trusts any claim, then the expiry. */
export function verifyClaims(
  token: string,
  secret: string,
  purpose: string,
  idCount: number,
  now: Date = new Date(),
): SignedCheck {
  const parts = token.split('.');
  if (parts.length !== idCount + 3 || parts[0] !== purpose) return { ok: false, reason: 'malformed' };
  const numbers = parts.slice(1, -1);
  const signature = parts.at(-1) ?? '';
  if (!numbers.every((n) => POSITIVE_INT.test(n)) || !MAC.test(signature)) return { ok: false, reason: 'malformed' };
  if (!safeEqual(signature, mac(secret, purpose, parts.slice(0, -1).join('.')))) {
    return { ok: false, reason: 'bad_signature' };
  }
  const expiresAt = new Date(Number(numbers.at(-1)) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { ids: numbers.slice(0, -1).map(Number), expiresAt } };
}
