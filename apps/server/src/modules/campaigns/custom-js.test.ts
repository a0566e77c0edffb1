import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { springAppeal } from '../../../test/gift.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { buildApp } from '../../app.ts';

// Custom JS per campaign (decision 036): only the organisation's admins set it, every change is
// audited, and the public page (served by the real app from a stand-in build) carries it in one
// script element whose nonce is the one its Content-Security-Policy allows; staff pages never do.

const DONATE = '<html><head><title>Donate</title></head><body><div id="root"></div></body></html>';
const STAFF = '<html><head><title>Kindling</title></head><body><div id="root"></div></body></html>';
const SCRIPT = "window.kindlingCustom = 'ran'; // </script><script>alert(1)</script>";

describe('custom JS of a campaign', () => {
  const ctx = useTestApp();
  let web: FastifyInstance;
  let dist: string;
  let springId = 0;
  let peerId = 0;
  /** The demo's own script (seed/page-around-form-seed.ts). */
  let seeded = '';
  const url = () => `/api/v1/npo_admin/campaigns/${springId}/custom_js`;
  const signedIn = async (email: string) => {
    const client = new TestClient(ctx.app);
    await client.signIn(email);
    return client;
  };
  const stored = async () =>
    (await ctx.db.execute<{ custom_js: string }>(sql`SELECT custom_js FROM campaigns WHERE id = ${springId}`)).rows[0]
      ?.custom_js;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-custom-js-'));
    await fs.writeFile(path.join(dist, 'donate.html'), DONATE);
    await fs.writeFile(path.join(dist, 'index.html'), STAFF);
    web = await buildApp({ config: ctx.config, db: ctx.db, mailer: ctx.mailer, serveWeb: true, webDistDir: dist });
    await web.ready();
    const peer = await springAppeal(new TestClient(ctx.app), 'spring-appeal-team-sam');
    springId = peer.campaign_id;
    peerId = peer.id;
    seeded = (await stored()) ?? '';
  });
  afterAll(async () => {
    await web?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('is set by admins only, audited with the text before and after, and refused to other roles', async () => {
    for (const email of ['finance@kindling.test', 'staff@kindling.test', 'fundraiser@kindling.test']) {
      const res = await (await signedIn(email)).put(url(), { custom_js: 'window.x = 1;' });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await new TestClient(ctx.app).put(url(), { custom_js: 'window.x = 1;' })).statusCode).toBe(401);
    expect(await stored()).toBe(seeded);

    const admin = await signedIn('admin@kindling.test');
    const saved = await admin.put(url(), { custom_js: SCRIPT });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().campaign.custom_js).toBe(SCRIPT);
    const manager = await signedIn('manager@kindling.test');
    expect((await manager.put(url(), { custom_js: `${SCRIPT}\n` })).statusCode).toBe(200);
    expect((await admin.put(url(), { custom_js: SCRIPT })).statusCode).toBe(200);

    const audit = await ctx.db.execute<{ action: string; data: { before: string; after: string } }>(sql`
      SELECT action, data FROM audit_log WHERE target_type = 'campaign' AND target_id = ${String(springId)}
        AND action = 'campaign.custom_js_changed' ORDER BY id`);
    expect(audit.rows.map((r) => r.data)).toEqual([
      { before: seeded, after: SCRIPT },
      { before: SCRIPT, after: `${SCRIPT}\n` },
      { before: `${SCRIPT}\n`, after: SCRIPT },
    ]);
  });

  it('refuses a script that does not parse, a fundraiser page, and another organisation, changing nothing', async () => {
    const admin = await signedIn('admin@kindling.test');
    const broken = await admin.put(url(), { custom_js: 'function (' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The script does not parse: /);
    const peer = await admin.put(`/api/v1/npo_admin/campaigns/${peerId}/custom_js`, { custom_js: 'window.x = 1;' });
    expect(peer.statusCode).toBe(422);
    expect(peer.json().message).toBe('A fundraiser page runs the script of the campaign it raises for.');

    const outsider = new TestClient(ctx.app);
    await outsider.post('/api/v1/signup', {
      first_name: 'Out',
      last_name: 'Sider',
      email: 'custom-js-outsider@example.org',
      password: 'outsider-pass',
    });
    await outsider.post('/api/v1/npo_admin/organisations', { name: 'Script Outsider' });
    const theirs = await outsider.put(url(), { custom_js: 'window.stolen = 1;' });
    expect(theirs.statusCode).toBe(404);
    expect(await stored()).toBe(SCRIPT);
  });

  it("places the script in the campaign's and fundraiser's pages under the response's own CSP nonce", async () => {
    const nonces: string[] = [];
    for (const page of ['/spring-appeal', '/raise/spring-appeal-team-sam', '/spring-appeal']) {
      const res = await web.inject({ method: 'GET', url: page });
      expect(res.statusCode, page).toBe(200);
      const element = /<script nonce="([^"]+)" id="kindling-custom-js">([\s\S]*?)<\/script>/.exec(res.body);
      expect(element, page).not.toBeNull();
      const [, nonce = '', code = ''] = element ?? [];
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.split(/\s+/)).toContain(`'nonce-${nonce}'`);
      // The text cannot close its element early: the stray </script> arrives escaped.
      expect(code).toContain("window.kindlingCustom = 'ran'; // <\\/script><script>alert(1)<\\/script>");
      expect(code).toMatch(/^document\.addEventListener\("kindling:form-ready",function\(\)\{/);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('never reaches staff pages or the embed frame, whose policies keep no nonce', async () => {
    for (const page of ['/dashboard/home', '/dashboard/campaign-edit/1', '/campaign-embed/spring-appeal']) {
      const res = await web.inject({ method: 'GET', url: page });
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).not.toContain('kindling-custom-js');
      expect(String(res.headers['content-security-policy']), page).not.toContain("'nonce-");
    }
  });
});
