import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for cookies, links and one-time ids: 32 bytes unless told, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Stored form of a bearer secret: the database never holds the value a browser presents. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacHex = (key: string | Buffer, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

/** Constant-time string comparison (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
