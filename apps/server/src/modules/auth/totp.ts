import * as OTPAuth from 'otpauth';
import { open, seal } from '../../platform/security/sealed-box.ts';

// RFC 6238 with the parameters every authenticator app understands: SHA1, 6 digits, 30 seconds.
const PARAMS = { issuer: 'Kindling', algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side for clock drift and network delay (RFC 6238 section 5.2). */
const WINDOW = 1;

const totpFor = (secretBase32: string, label = 'Kindling') =>
  new OTPAuth.TOTP({ ...PARAMS, label, secret: OTPAuth.Secret.fromBase32(secretBase32) });

/**
 * The time step a valid code belongs to, or null. A code whose step is not later than
 * `consumedStep` is refused: a code works once.
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  consumedStep: number | null,
  timestamp = Date.now(),
): number | null {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, window: WINDOW, timestamp });
  if (delta === null) return null;
  const step = OTPAuth.TOTP.counter({ period: PARAMS.period, timestamp }) + delta;
  return consumedStep !== null && step <= consumedStep ? null : step;
}

export function newTotpSecret(email: string): { secret: string; otpauthUrl: string } {
  const secret = new OTPAuth.Secret({ size: 20 });
  return { secret: secret.base32, otpauthUrl: totpFor(secret.base32, email).toString() };
}

// The secret is sealed with the user id as associated data, so a sealed value cannot be moved to
// another account; the pending (not yet confirmed) secret uses its own label.
const activeLabel = (userId: number) => `totp:${userId}`;
const pendingLabel = (userId: number) => `totp-pending:${userId}`;

export const sealTotpSecret = (key: Buffer, userId: number, secret: string) => seal(key, secret, activeLabel(userId));
export const openTotpSecret = (key: Buffer, userId: number, sealed: string) => open(key, sealed, activeLabel(userId));
export const sealPendingSecret = (key: Buffer, userId: number, secret: string) =>
  seal(key, secret, pendingLabel(userId));
export const openPendingSecret = (key: Buffer, userId: number, sealed: string) =>
  open(key, sealed, pendingLabel(userId));
