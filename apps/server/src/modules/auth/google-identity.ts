import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

export type GoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
};

/** Google's keys could not be fetched: not the user's fault, so not a 401. */
export class GoogleUnavailableError extends Error {}

const UNAVAILABLE_CODES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JOSE_GENERIC']);

export type GoogleVerifier = { verify: (credential: string) => Promise<GoogleIdentity | null> };

/**
 * Verifies Google ID tokens against Google's published keys (the JWKS address is configurable so
 * tests serve their own). Returns null for any token that is not a valid one for our client id;
 * throws GoogleUnavailableError when the keys cannot be fetched.
 */
export function createGoogleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  // jose caches the key set and refetches it when a token names an unknown key.
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    verify: async (credential) => {
      try {
        const { payload } = await jwtVerify(credential, keys, {
          issuer: ['https://accounts.google.com', 'accounts.google.com'],
          audience: clientId,
          algorithms: ['RS256'],
          clockTolerance: 5,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          sub: payload.sub,
          email: payload.email,
          emailVerified: payload.email_verified === true,
          firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
          lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
          picture: typeof payload.picture === 'string' ? payload.picture : null,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError && !UNAVAILABLE_CODES.has(error.code)) return null;
        throw new GoogleUnavailableError(error instanceof Error ? error.message : 'JWKS fetch failed');
      }
    },
  };
}
