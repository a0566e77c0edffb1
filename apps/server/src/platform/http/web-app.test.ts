import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GUARDED_ROUTES, PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '@kindling/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { donatePageOf, registerWebApp } from './web-app.ts';

const DONATE = '<html><head><title>Donate</title></head><body>donate page</body></html>';

describe('serving the built web app', () => {
  let dist: string;
  const app = Fastify();

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<html>build one</html>');
    await fs.writeFile(path.join(dist, 'donate.html'), DONATE);
    await fs.writeFile(path.join(dist, 'embed.js'), '// snippet');
    await fs.writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'assets', 'app-1.js.br'), zlib.brotliCompressSync('console.log(1)'));
    registerSecurityHeaders(app, {});
    registerErrorHandler(app, await registerWebApp(app, dist));
    // Stands in for the campaigns module's public read, which the page inlines.
    app.get('/api/v1/npo_admin/campaign_page', async (request, reply) => {
      const { campaign_url } = request.query as { campaign_url: string };
      if (campaign_url !== 'spring-appeal') return reply.status(404).send({ status: 404 });
      return { campaign: { id: 7, name: 'Spring </script> Appeal' } };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers the landing page and every staff-app route with index.html', async () => {
    for (const url of ['/', '/dashboard/home', '/login', '/pricing?x=1', '/dashboard']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<html>build one</html>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a direct load of every page of the app (a reload, a link in an e-mail) with index.html', async () => {
    const pages = [...SIGNED_IN_ROUTES, ...GUARDED_ROUTES.map((r) => r.path), ...PUBLIC_ROUTES];
    const wrong: string[] = [];
    for (const pattern of pages) {
      const url = pattern.replace(/:[A-Za-z]+/g, '7');
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200 || res.body !== '<html>build one</html>') wrong.push(`${url} ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the donor portal, its signed link (dots in the token) included, with index.html', async () => {
    for (const url of ['/portal', '/portal/p1.1.2.1797890814.h1iGEVZwUOu063iGdQVUnCw9yf19CAguVUZ6WaSLUSI?plan=3']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<html>build one</html>');
    }
    // A real missing file still 404s.
    expect((await app.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('answers a member card link whose signature has only letters and digits with index.html', async () => {
    // One signature in four has no "-" or "_": such a link once answered 404 as if it were a file.
    const res = await app.inject({ method: 'GET', url: '/member-card/mc1.62.2111383767.ghYPp8sEADBXRJOn9vE3IGPhWPb8' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<html>build one</html>');
    for (const url of ['/missing.ico', '/assets/old-chunk.css', '/fonts/missing.woff2']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('answers campaign addresses with the donate page, with the campaign inlined', async () => {
    const res = await app.inject({ method: 'GET', url: '/spring-appeal?ref=mail' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('donate page');
    expect(res.body).toContain('<title>Donate to Spring &lt;/script&gt; Appeal</title>');
    const inlined = /<script type="application\/json" id="kindling-campaign">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual({ campaign: { id: 7, name: 'Spring </script> Appeal' } });
    for (const url of ['/raise/someone', '/subscriptions/club', '/campaign-embed/12']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.body, url).toContain('donate page');
    }
  });

  it('answers an unknown campaign with a 404 donate page (its friendly not-found state)', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-campaign' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(DONATE);
  });

  it('lets other sites frame only the embed page', async () => {
    const embed = await app.inject({ method: 'GET', url: '/campaign-embed/12' });
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    const page = await app.inject({ method: 'GET', url: '/spring-appeal' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it("allows the payment providers' scripts and frames on donate pages only", async () => {
    const donate = String(
      (await app.inject({ method: 'GET', url: '/spring-appeal' })).headers['content-security-policy'],
    );
    expect(donate).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(donate).toMatch(/frame-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(donate).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    const staff = String(
      (await app.inject({ method: 'GET', url: '/dashboard/home' })).headers['content-security-policy'],
    );
    expect(staff).not.toContain('stripe');
  });

  it('lets other sites load the embed script', async () => {
    const res = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(res.body).toBe('// snippet');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves hashed assets for a year, precompressed when the browser takes brotli', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.body).toBe('console.log(1)');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
  });

  it('a missing asset or API path is a 404, not the page', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/app-0.js' });
    expect(missing.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('picks up a rebuild without a restart', async () => {
    await fs.writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    await fs.writeFile(path.join(dist, 'index.html'), '<html>build two</html>');
    await fs.utimes(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect((await app.inject({ method: 'GET', url: '/dashboard/home' })).body).toBe('<html>build two</html>');
    expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
  });
});

describe('donatePageOf', () => {
  it('knows campaign addresses from staff routes', () => {
    expect(donatePageOf('/spring-appeal')).toEqual({ kind: 'page', key: 'spring-appeal' });
    expect(donatePageOf('/raise/team-sam')).toEqual({ kind: 'raise', key: 'team-sam' });
    expect(donatePageOf('/campaign-embed/4')).toEqual({ kind: 'embed', key: '4' });
    for (const path of ['/', '/login', '/dashboard', '/admin/processors', '/raise/a/b', '/%E0%A4%A']) {
      expect(donatePageOf(path), path).toBeNull();
    }
  });
});

// p2p16: the team page is its own light entry (docs/decisions/079-light-team-page-and-live-leaderboards.md).
describe('serving the public team page', () => {
  let dist: string;
  const app = Fastify();
  const TEAM = '<html><head><title>Team</title></head><body>team page</body></html>';

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<html>staff app</html>');
    await fs.writeFile(path.join(dist, 'team.html'), TEAM);
    registerSecurityHeaders(app, {});
    registerErrorHandler(app, await registerWebApp(app, dist));
    // Stands in for the fundraisers module's public read of a team.
    app.get('/api/v1/npo_admin/team_page/:url', async (request, reply) => {
      const { url } = request.params as { url: string };
      if (url !== 'spring-appeal-runners') return reply.status(404).send({ status: 404 });
      return { id: 4, name: 'Spring <Appeal> Runners' };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers a team address with team.html, the team placed in it and its name as the title', async () => {
    const res = await app.inject({ method: 'GET', url: '/team-page/spring-appeal-runners' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('team page');
    expect(res.body).not.toContain('staff app');
    expect(res.body).toContain('<title>Spring &lt;Appeal&gt; Runners</title>');
    const inlined = /<script type="application\/json" id="kindling-team">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual({ id: 4, name: 'Spring <Appeal> Runners' });
    expect(res.headers['content-security-policy']).toContain('https://js.stripe.com');
  });

  it('answers an unknown or waiting team with the same page and 404 (its own not-found state)', async () => {
    const res = await app.inject({ method: 'GET', url: '/team-page/no-such-team' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(TEAM);
  });
});
