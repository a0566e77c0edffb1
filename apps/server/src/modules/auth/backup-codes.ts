import { randomInt } from 'node:crypto';
import { CONSTANTS } from '@kindling/contracts';
import { hmacHex } from '../../platform/security/tokens.ts';

// Crockford's base32: no I, L, O or U, so codes survive being read aloud or copied by hand.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 5;
const LENGTH = 10;

/** Ten codes of ten random characters (50 bits each), shown grouped like ABCDE-FGHJK. */
export function generateBackupCodes(count: number = CONSTANTS.backupCodeCount): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
  });
}

/** Accepts what people type: any case, spaces or hyphens, and O/I/L for 0/1. */
export function normaliseBackupCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * Stored digest: HMAC-SHA256 with the key that also seals TOTP secrets. The codes are high-entropy, so a keyed hash is
 * enough and allows an indexed lookup (a slow password hash is for low-entropy secrets).
 */
export const backupCodeDigest = (key: Buffer, code: string): string =>
  hmacHex(key, `backup-code:${normaliseBackupCode(code)}`);
