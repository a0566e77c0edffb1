import { describe, expect, it } from 'vitest';
import { allowedOrigin, readOrigin } from './origin.ts';
import { isProviderReturn } from './provider-return.ts';

describe('provider return (docs/product/sign-in.md#public-routes)', () => {
  it.each([
    ['?payment_intent=pi_1&client_secret=s_1&redirect_status=succeeded', true],
    ['?payment_intent=pi_1&client_secret=s_1&status=succeeded', true],
    ['?payment_intent=pi_1&client_secret=s_1&redirect_status=failed', false],
    ['?payment_intent=pi_1&redirect_status=succeeded', false],
    ['?client_secret=s_1&status=succeeded', false],
    ['', false],
  ])('%s is public: %s', (search, expected) => {
    expect(isProviderReturn(search)).toBe(expected);
  });
});

describe('remembered origin', () => {
  it('reads only a same-site path from location state', () => {
    expect(readOrigin({ from: { pathname: '/dashboard/donors', search: '?q=1' } })).toEqual({
      pathname: '/dashboard/donors',
      search: '?q=1',
      hash: '',
    });
    expect(readOrigin({ from: { pathname: '//evil.example/x' } })).toBeNull();
    expect(readOrigin({ from: 'https://evil.example' })).toBeNull();
    expect(readOrigin(null)).toBeNull();
  });

  it('returns only where the role may go, and never to an auth screen', () => {
    expect(allowedOrigin({ pathname: '/admin/team' }, 5150)).toBe('/admin/team');
    expect(allowedOrigin({ pathname: '/admin/team' }, 1984)).toBeNull();
    expect(allowedOrigin({ pathname: '/notifications' }, 1123)).toBe('/notifications');
    expect(allowedOrigin({ pathname: '/login' }, 5150)).toBeNull();
    expect(allowedOrigin({ pathname: '/password-reset/abc' }, 5150)).toBeNull();
  });
});
