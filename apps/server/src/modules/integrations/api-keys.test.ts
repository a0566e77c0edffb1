import { ZApiKeyCreated, ZApiKeyList, ZDonorDetail } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const API = '/api/v1/npo_admin';

/** A low limit so the test reaches it in a few calls; production's is 600 (config.ts). */
const CALLS_PER_MINUTE = 10;

describe('API keys', () => {
  const ctx = useTestApp({ env: { API_KEY_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE) } });
  let admin: TestClient;
  let npoId = 0;
  let donorId = 0;

  /** A call with only the key: no cookie, no CSRF token, as a program makes it. */
  const withKey = (key: string, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, payload: body as string });

  const create = async (client: TestClient, scopes: string[], name = 'Zapier') => {
    const res = await client.post(`${API}/api_keys`, { name, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return ZApiKeyCreated.parse(res.json());
  };

  beforeAll(async () => {
    admin = await signedIn(ctx, 'admin@kindling.test');
    npoId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM npos WHERE slug = 'riverside-food-bank'`)).rows[0]?.id,
    );
    donorId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM donors WHERE npo_id = ${npoId} ORDER BY id LIMIT 1`))
        .rows[0]?.id,
    );
  });

  it('shows a new key once, stores only its hash, and lists it by prefix with its last use', async () => {
    const { key, secret } = await create(admin, ['donations:read']);
    expect(secret).toMatch(/^kdl_live_[A-Za-z0-9_-]{40,}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const stored = await ctx.db.execute<{ key_hash: string }>(sql`SELECT key_hash FROM api_keys WHERE id = ${key.id}`);
    expect(stored.rows[0]?.key_hash).not.toContain(secret.slice(9, 20));
    expect(stored.rows[0]?.key_hash).toHaveLength(64);
    expect((await withKey(secret, 'GET', `${API}/donations?per_page=5`)).statusCode).toBe(200);
    const list = await admin.get(`${API}/api_keys`);
    expect(list.body).not.toContain(secret);
    const listed = ZApiKeyList.parse(list.json()).keys.find((k) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'Zapier', scopes: ['donations:read'], revoked_at: null });
    expect(listed?.last_used_at).not.toBeNull();
    // The demo's key is listed by its prefix only.
    expect(ZApiKeyList.parse(list.json()).keys.map((k) => k.name)).toContain('Zapier (demo)');
  });

  it('opens only the routes of its scopes; a route without a scope and the console are closed', async () => {
    const { secret } = await create(admin, ['donations:read']);
    expect((await withKey(secret, 'GET', `${API}/donations`)).statusCode).toBe(200);
    const donors = await withKey(secret, 'GET', `${API}/donors`);
    expect(donors.statusCode).toBe(403);
    expect(donors.json().message).toContain('Read donors');
    expect((await withKey(secret, 'GET', `${API}/segments`)).statusCode).toBe(403);
    expect((await withKey(secret, 'GET', `${API}/recurring_plans`)).statusCode).toBe(403);
    const plans = await create(admin, ['plans:read'], 'Plans script');
    const listed = await withKey(plans.secret, 'GET', `${API}/recurring_plans?per_page=5`);
    expect(listed.statusCode, listed.body).toBe(200);
    const planId = listed.json().plans[0]?.id;
    expect(planId).toBeTypeOf('number');
    expect((await withKey(plans.secret, 'GET', `${API}/recurring_plans/${planId}`)).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', `${API}/api_keys`)).statusCode).toBe(403);
    expect((await withKey(secret, 'POST', `${API}/api_keys`, { name: 'x', scopes: ['donors:read'] })).statusCode).toBe(
      403,
    );
    // A key made by the console's operator (member of the demo organisation) still cannot reach the console.
    const operator = await signedIn(ctx, 'console@kindling.test');
    const made = await operator.post(`${API}/api_keys`, { name: 'Operator', scopes: API_ALL });
    expect(made.statusCode, made.body).toBe(201);
    const opKey = ZApiKeyCreated.parse(made.json()).secret;
    expect((await withKey(opKey, 'GET', '/api/v1/console/organizations')).statusCode).toBe(403);
    expect((await withKey(opKey, 'GET', `${API}/donors`)).statusCode).toBe(200);
  });

  it('changes a donor with donors:write and no CSRF token, audited with the key', async () => {
    const { key, secret } = await create(admin, ['donors:read', 'donors:write']);
    const before = ZDonorDetail.parse((await withKey(secret, 'GET', `${API}/donors/${donorId}`)).json());
    const res = await withKey(secret, 'PATCH', `${API}/donors/${donorId}`, {
      first_name: 'Keyed',
      last_name: before.profile.last_name,
      email: before.profile.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZDonorDetail.parse(res.json()).profile.first_name).toBe('Keyed');
    expect(res.headers['set-cookie']).toBeUndefined();
    const audit = await ctx.db.execute<{ data: { method: string; status: number } }>(
      sql`SELECT data FROM audit_log WHERE action = 'api_key.request' AND target_id = ${String(key.id)}`,
    );
    expect(audit.rows.map((r) => r.data)).toEqual([expect.objectContaining({ method: 'PATCH', status: 200 })]);
  });

  it("never reaches another organisation's records, and refuses a revoked or unknown key", async () => {
    const { client: outsider, npoId: otherNpo } = await outsiderOrganisation(ctx, 'keys-out@kindling.test', 'Keys Out');
    const { key, secret } = await create(outsider, ['donors:read', 'donations:read']);
    expect((await withKey(secret, 'GET', `${API}/donors/${donorId}`)).statusCode).toBe(404);
    const theirs = await withKey(secret, 'GET', `${API}/donations`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().donations).toEqual([]);
    expect(otherNpo).not.toBe(npoId);
    // Riverside's admin cannot revoke the outsider's key: its id is not theirs.
    expect((await admin.request('DELETE', `${API}/api_keys/${key.id}`)).statusCode).toBe(404);
    const revoked = await outsider.request('DELETE', `${API}/api_keys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const after = await withKey(secret, 'GET', `${API}/donations`);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API key is not valid or was revoked.');
    expect((await withKey(`${secret.slice(0, -2)}xx`, 'GET', `${API}/donations`)).statusCode).toBe(401);
  });

  it('answers 429 with Retry-After once a key used its calls for the minute; another key is not slowed', async () => {
    const { secret } = await create(admin, ['campaigns:read'], 'Busy script');
    for (let i = 0; i < CALLS_PER_MINUTE; i++) {
      expect((await withKey(secret, 'GET', `${API}/campaigns`)).statusCode).toBe(200);
    }
    const refused = await withKey(secret, 'GET', `${API}/campaigns`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many calls with this API key. Please slow down and try again shortly.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const other = await create(admin, ['campaigns:read'], 'Quiet script');
    expect((await withKey(other.secret, 'GET', `${API}/campaigns`)).statusCode).toBe(200);
  });

  it('lets only admins manage keys, and refuses a key without name or scopes', async () => {
    expect((await new TestClient(ctx.app).get(`${API}/api_keys`)).statusCode).toBe(401);
    const staff = await signedIn(ctx, 'staff@kindling.test');
    expect((await staff.get(`${API}/api_keys`)).statusCode).toBe(403);
    expect((await staff.post(`${API}/api_keys`, { name: 'Mine', scopes: ['donors:read'] })).statusCode).toBe(403);
    const bad = await admin.post(`${API}/api_keys`, { name: ' ', scopes: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Give the key a name, up to 80 characters.',
      scopes: 'Choose at least one permission for the key.',
    });
  });
});

const API_ALL = ['donations:read', 'donors:read', 'donors:write', 'campaigns:read', 'plans:read'];
