import { describe, expect, it } from 'vitest';
import { assertWebhookUrl, isPrivateAddress } from './webhook-url.ts';

const production = {
  production: true,
  resolve: async (host: string) => (host === 'inside.example' ? ['10.1.2.3'] : ['93.184.216.34']),
};

describe('where a webhook may point (SSRF)', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses private addresses and hosts resolving to them in production', async () => {
    for (const url of [
      'http://127.0.0.1:3000/x',
      'https://[::1]/x',
      'http://169.254.169.254/latest',
      'https://inside.example/hook',
      'http://localhost/x',
    ]) {
      await expect(
        assertWebhookUrl(url, {
          ...production,
          resolve: url.includes('localhost') ? async () => ['127.0.0.1'] : production.resolve,
        }),
        url,
      ).rejects.toMatchObject({
        status: 422,
        message: 'This address points inside a private network. Use a public address.',
      });
    }
    await expect(assertWebhookUrl('https://hooks.example.org/kindling', production)).resolves.toBeInstanceOf(URL);
    await expect(
      assertWebhookUrl('https://nowhere.invalid/', {
        production: true,
        resolve: async () => Promise.reject(new Error('ENOTFOUND')),
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('allows local addresses outside production, and only http(s) anywhere', async () => {
    await expect(assertWebhookUrl('http://127.0.0.1:4500/demo', { production: false })).resolves.toBeInstanceOf(URL);
    for (const url of ['ftp://example.org/x', 'file:///etc/passwd', 'https://user:pw@example.org/', 'nonsense']) {
      await expect(assertWebhookUrl(url, { production: false }), url).rejects.toMatchObject({ status: 400 });
    }
  });
});
