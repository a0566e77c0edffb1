import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, seedDemo } from '../src/seed/demo-seed.ts';
import { useTestApp } from './test-app.ts';

describe('platform', () => {
  const ctx = useTestApp();

  it('answers /healthz and /readyz once it serves', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('exposes request durations by route pattern at /metrics', async () => {
    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/refresh' });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /kindling_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/,
    );
    expect(res.body).toContain('route="/api/v1/refresh",status="401"');
    expect(res.body).toContain('kindling_process_cpu_seconds_total');
  });

  it('sends the security headers on API answers', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/npo_admin/campaign_page?campaign_url=spring-appeal',
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('answers unknown API paths with the contract error body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('seeds every demo account once, however often the seed runs', async () => {
    await seedDemo(ctx.db, ctx.config.totpKey);
    const { rows } = await ctx.db.execute<{ email: string; n: number }>(
      sql`SELECT u.email, count(m.id)::int AS n FROM users u JOIN memberships m ON m.user_id = u.id GROUP BY u.email ORDER BY u.email`,
    );
    expect(rows.map((r) => r.email)).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(rows.find((r) => r.email === 'multi@kindling.test')?.n).toBe(2);
    expect(rows.find((r) => r.email === 'admin@kindling.test')?.n).toBe(1);
  });
});
