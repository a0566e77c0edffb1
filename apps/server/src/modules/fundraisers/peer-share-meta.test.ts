// The served page of a fundraiser (decision 044): Open Graph and Twitter card tags so a shared link
// shows the page's own title and picture, with every value escaped.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

const DONATE = '<html><head><title>Donate</title></head><body><div id="root"></div></body></html>';

describe('share tags of the public pages', () => {
  const ctx = useTestApp();
  let web: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kindling-peer-meta-'));
    await fs.writeFile(path.join(dist, 'donate.html'), DONATE);
    await fs.writeFile(path.join(dist, 'index.html'), DONATE);
    web = await buildApp({ config: ctx.config, db: ctx.db, mailer: ctx.mailer, serveWeb: true, webDistDir: dist });
    await web.ready();
  });
  afterAll(async () => {
    await web?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("gives a fundraiser's page its own title, the fundraiser's sentence and its picture", async () => {
    await ctx.db.execute(sql`
      UPDATE campaigns SET name = 'Sam & the "river" 10k', image_url = '/uploads/sam.jpg'
      WHERE campaign_url = 'spring-appeal-team-sam'`);
    const res = await web.inject({ method: 'GET', url: '/raise/spring-appeal-team-sam' });
    expect(res.statusCode).toBe(200);
    const tag = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(res.body)?.[1];
    expect(tag('og:title')).toBe('Sam &amp; the &quot;river&quot; 10k');
    expect(tag('twitter:title')).toBe('Sam &amp; the &quot;river&quot; 10k');
    expect(tag('og:description')).toBe('Fern Raiser is fundraising for Spring Appeal');
    expect(tag('og:image')).toMatch(/^https?:\/\/[^/]+\/uploads\/sam\.jpg$/);
    expect(tag('og:url')).toMatch(/\/raise\/spring-appeal-team-sam$/);
    expect(tag('twitter:card')).toBe('summary_large_image');
  });

  it('gives a campaign page its name and call to action, and the embed frame none', async () => {
    const page = await web.inject({ method: 'GET', url: '/spring-appeal' });
    expect(page.body).toContain('<meta property="og:title" content="Spring Appeal" />');
    expect(page.body).toContain('<meta property="og:description" content="Fill a family’s shelves this spring" />');
    const embed = await web.inject({ method: 'GET', url: '/campaign-embed/spring-appeal' });
    expect(embed.body).not.toContain('og:title');
  });
});
