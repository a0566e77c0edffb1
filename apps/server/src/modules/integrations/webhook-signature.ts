import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature scheme of docs/product/integrations.md#verifying-a-delivery, Stripe's shape:
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The timestamp inside the signed
// text lets a receiver refuse an old delivery replayed later.

export const signPayload = (secret: string, body: string, t: number): string =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export const signatureHeader = (secret: string, body: string, t: number): string =>
  `t=${t},v1=${signPayload(secret, body, t)}`;

/** What a receiver does (the demo receiver and the tests use it): true when the header signs this body. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const v1 = parts.v1 ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  return timingSafeEqual(Buffer.from(signPayload(secret, body, t), 'hex'), Buffer.from(v1, 'hex'));
}
