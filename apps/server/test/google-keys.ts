import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const TEST_GOOGLE_CLIENT_ID = 'kindling-test.apps.googleusercontent.com';

/**
 * Google's side for tests: an RSA key made at test time, served as a JWKS on 127.0.0.1, and ID
 * tokens signed with it (docs/product/sign-in.md#google-and-stripe). No key is ever committed.
 */
export async function startGoogleStandIn() {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer((request, response) => {
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signIdToken = async (
    claims: JWTPayload & { email?: string; email_verified?: boolean },
    options: { audience?: string; issuer?: string; subject?: string; expiresIn?: string; key?: CryptoKey } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? TEST_GOOGLE_CLIENT_ID)
      .setSubject(options.subject ?? '110000000000000000001')
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.key ?? privateKey);
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    signIdToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
