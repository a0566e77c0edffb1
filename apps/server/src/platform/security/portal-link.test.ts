import { describe, expect, it } from 'vitest';
import { createPortalLink, PORTAL_LINK_TTL_MS, signPortalToken, verifyPortalToken } from './portal-link.ts';

const secret = 'a-session-secret-of-enough-length-for-tests';
const now = new Date('2026-03-01T12:00:00Z');

function tokenOf(link: string): string {
  const path = new URL(link).pathname;
  return decodeURIComponent(path.replace(/^\/portal\//, ''));
}

describe('portal link', () => {
  it('is an absolute /portal/<token> URL on the origin that opens for that donor and organisation', () => {
    const link = createPortalLink({ origin: 'https://give.example.org/', secret, npoId: 7, donorId: 42, now });
    expect(link.startsWith('https://give.example.org/portal/')).toBe(true);
    const check = verifyPortalToken(tokenOf(link), secret, now);
    expect(check).toEqual({
      ok: true,
      claims: { npoId: 7, donorId: 42, expiresAt: new Date(now.getTime() + PORTAL_LINK_TTL_MS) },
    });
  });

  it('names the plan whose payment method to change as a query parameter', () => {
    const link = createPortalLink({
      origin: 'https://give.example.org',
      secret,
      npoId: 7,
      donorId: 42,
      planId: 9,
      now,
    });
    const url = new URL(link);
    expect(url.searchParams.get('plan')).toBe('9');
    expect(verifyPortalToken(tokenOf(link), secret, now).ok).toBe(true);
  });

  it('opens until just before 30 days and not after', () => {
    const token = signPortalToken({ secret, npoId: 7, donorId: 42, now });
    const almost = new Date(now.getTime() + PORTAL_LINK_TTL_MS - 1000);
    const after = new Date(now.getTime() + PORTAL_LINK_TTL_MS);
    expect(verifyPortalToken(token, secret, almost).ok).toBe(true);
    expect(verifyPortalToken(token, secret, after)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose organisation, donor or expiry was changed', () => {
    const token = signPortalToken({ secret, npoId: 7, donorId: 42, now });
    const [version, npo, donor, expiry, mac] = token.split('.');
    const otherOrganisation = [version, '8', donor, expiry, mac].join('.');
    const otherDonor = [version, npo, '43', expiry, mac].join('.');
    const laterExpiry = [version, npo, donor, String(Number(expiry) + 86_400), mac].join('.');
    for (const forged of [otherOrganisation, otherDonor, laterExpiry]) {
      expect(verifyPortalToken(forged, secret, now)).toEqual({ ok: false, reason: 'bad_signature' });
    }
  });

  it('refuses a token signed with another secret, a changed signature, or garbage', () => {
    const token = signPortalToken({ secret: 'another-secret', npoId: 7, donorId: 42, now });
    expect(verifyPortalToken(token, secret, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const good = signPortalToken({ secret, npoId: 7, donorId: 42, now });
    const flipped = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    expect(verifyPortalToken(flipped, secret, now).ok).toBe(false);
    for (const garbage of ['', 'p1', 'p1.7.42.1.', 'p2.7.42.99999999999.x', 'p1.-7.42.1.x', 'p1.07.42.1.x']) {
      expect(verifyPortalToken(garbage, secret, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
