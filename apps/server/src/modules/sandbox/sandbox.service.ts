import type { Db } from '../../platform/db/client.ts';
import { hmacHex, randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { insertCode, redeemCode } from './sandbox.repository.ts';

export const SANDBOX_CLIENT_ID = 'ca_sandbox';
export const SANDBOX_AUTHORIZE_PATH = '/sandbox/stripe/oauth/authorize';
const CODE_TTL_MS = 5 * 60 * 1000;

/** The same e-mail always maps to the same sandbox account, as a real Stripe login would. */
export const sandboxAccountId = (email: string): string =>
  `acct_sandbox_${sha256Hex(email.trim().toLowerCase()).slice(0, 16)}`;

export async function issueSandboxCode(db: Db, email: string): Promise<string> {
  const code = `ac_sandbox_${randomToken(24)}`;
  const normalised = email.trim().toLowerCase();
  await insertCode(db, {
    codeDigest: sha256Hex(code),
    accountId: sandboxAccountId(normalised),
    email: normalised,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/** Exchanges a code once: the sandbox counterpart of POST connect.stripe.com/oauth/token. */
export const redeemSandboxCode = (db: Db, code: string) => redeemCode(db, sha256Hex(code));

/**
 * The hidden token of the consent form. It binds the form to this browser's csrf_token cookie (a
 * cross-site form post arrives without that SameSite=Lax cookie), to the OAuth state and to the
 * redirect address, so a forged post cannot mint a code for someone else's sign-in.
 */
export const consentFormToken = (secret: string, csrfToken: string, state: string, redirectUri: string): string =>
  hmacHex(secret, `sandbox-consent:${csrfToken.length}:${csrfToken}:${state.length}:${state}:${redirectUri}`);

/**
 * A redirect_uri is accepted only on our own origin (a path, or an absolute URL whose origin is
 * ours), so the sandbox can never be used as an open redirect.
 */
export function isSameOriginRedirect(redirectUri: string, isOwnOrigin: (origin: string) => boolean): boolean {
  if (redirectUri.startsWith('/')) {
    if (redirectUri.startsWith('//') || redirectUri.includes('\\')) return false;
    return new URL(redirectUri, 'http://sandbox.invalid').origin === 'http://sandbox.invalid';
  }
  if (!URL.canParse(redirectUri)) return false;
  const url = new URL(redirectUri);
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && isOwnOrigin(url.origin);
}

/** Adds query parameters to a path or an absolute URL, keeping its form. */
export function withQuery(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri, 'http://sandbox.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return redirectUri.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
