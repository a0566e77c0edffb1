// What staff type into a campaign's story, thank-you message and call to action, as every visitor
// then reads it through the public campaign API (decision 023: the story keeps an allow-list of
// formatting, the other two are plain text).
import { ZPublicCampaignResponse } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ATTACK = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<svg onload=alert(1)></svg>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
].join(' ');

const campaign = (url: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Stored HTML',
  campaign_url: url,
  status: 'active',
  currency: 'USD',
  currencies: ['USD'],
  goal_minor: 100_000,
  user_amount_enable: true,
  amounts: [{ amount_minor: 2500, interval: 'once', description: 'A gift' }],
  ...overrides,
});

describe('stored campaign text', () => {
  const ctx = useTestApp();
  let admin: TestClient;
  beforeAll(async () => {
    admin = new TestClient(ctx.app);
    await admin.signIn('admin@kindling.test');
  });
  const publicCampaign = async (url: string) => {
    const res = await new TestClient(ctx.app).get(`/api/v1/npo_admin/campaign_page?campaign_url=${url}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPublicCampaignResponse.parse(res.json()).campaign;
  };

  it('keeps the thank-you message and call to action as plain text, without markup or scripts', async () => {
    const saved = await admin.post(
      '/api/v1/npo_admin/campaigns',
      campaign('plain-text-fields', {
        thank_you_message: `Thank you & see you soon <3 ${ATTACK}`,
        call_to_action: `Fill the <b>shelves</b> ${ATTACK}`,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const read = await publicCampaign('plain-text-fields');
    expect(read.thank_you_message).toBe('Thank you & see you soon <3   click  data');
    expect(read.call_to_action).toBe('Fill the shelves   click  data');
    const { rows } = await ctx.db.execute<{ stored: string }>(
      sql`SELECT thank_you_message || call_to_action AS stored FROM campaigns WHERE campaign_url = 'plain-text-fields'`,
    );
    expect(rows[0]?.stored).not.toMatch(/<[a-z!/]|onerror|javascript:|data:/i);
  });

  it('keeps the story’s formatting and drops every script, handler and unsafe address', async () => {
    const saved = await admin.post(
      '/api/v1/npo_admin/campaigns',
      campaign('story-html', { description: `<p>Our <strong>story</strong></p>${ATTACK}` }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const read = await publicCampaign('story-html');
    expect(read.description).toBe('<p>Our <strong>story</strong></p> <img /> <a>click</a>  <a>data</a>');
  });

  it('refuses custom CSS that loads or runs something, or cannot be read, naming the field; nothing saved', async () => {
    const before = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM campaigns`);
    for (const [css, message] of [
      ['@import url(https://evil.test/x.css);', /@import/],
      ['.a { background: url(https://evil.test/pixel.png) }', /only from this site/],
      ['.a { width: expression(alert(1)) }', /expression\(\)/],
      ['.a { color: red', /^Custom CSS could not be read: Unclosed block \(line 1, column 1\)\.$/],
    ] as const) {
      const res = await admin.post('/api/v1/npo_admin/campaigns', campaign('css-refused', { custom_css: css }));
      expect(res.statusCode, css).toBe(400);
      expect(res.json().fields.custom_css).toMatch(message);
    }
    expect((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM campaigns`)).rows).toEqual(before.rows);
  });

  it('serves saved custom CSS scoped to the form, inside @media too', async () => {
    const css = 'body { margin: 0 } @media (max-width: 500px) { .kd-button { width: 100% } }';
    const saved = await admin.post('/api/v1/npo_admin/campaigns', campaign('css-scoped', { custom_css: css }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await publicCampaign('css-scoped')).custom_css).toBe(
      '.kindling-donation-form { margin: 0 } @media (max-width: 500px) { .kindling-donation-form .kd-button { width: 100% } }',
    );
  });
});
