// Bad input at the request layer (docs/decisions/022-request-input.md): a NUL character anywhere is
// refused with the field's 400 before it reaches PostgreSQL, and no 4xx speaks the libraries' words.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';

const ctx = useTestApp();
let admin: TestClient;
const ids = { donation: 0, donor: 0, plan: 0, campaign: 0 };

const first = async (query: ReturnType<typeof sql>) =>
  Number((await ctx.db.execute<{ id: number }>(query)).rows[0]?.id ?? 0);
const count = async (table: string) =>
  Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).rows[0]?.n);

beforeAll(async () => {
  admin = new TestClient(ctx.app);
  await admin.signIn('admin@kindling.test');
  const riverside = sql`(SELECT id FROM npos WHERE slug = 'riverside-food-bank')`;
  ids.donation = await first(sql`SELECT id FROM donations WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`);
  ids.donor = await first(sql`SELECT id FROM donors WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`);
  ids.plan = await first(sql`SELECT id FROM recurring_plans WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`);
  ids.campaign = await first(sql`SELECT id FROM campaigns WHERE npo_id = ${riverside} ORDER BY id LIMIT 1`);
});

function expectFieldRefusal(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.fields?.[field], res.body).toMatch(/not allowed/);
}

describe('NUL characters', () => {
  it('refuses a NUL in the anonymous gift confirmation with the field named', async () => {
    const anonymous = new TestClient(ctx.app);
    const res = await anonymous.post('/api/v1/npo_admin/confirm_payment', {
      campaign_id: ids.campaign,
      payment_intent: 'pi_nul',
      first_name: 'a\u0000',
      last_name: 'b',
      email: 'nul@example.org',
    });
    expectFieldRefusal(res, 'first_name');
  });

  it('refuses a NUL in a note on each of the three kinds of record, adding no note', async () => {
    const before = await count('notes');
    for (const [path, id] of [
      ['donations', ids.donation],
      ['donors', ids.donor],
      ['recurring_plans', ids.plan],
    ] as const) {
      expectFieldRefusal(await admin.post(`/api/v1/npo_admin/${path}/${id}/notes`, { body: 'a\u0000b' }), 'body');
    }
    expect(await count('notes')).toBe(before);
  });

  it("refuses a NUL in a refund's idempotency key and refunds nothing", async () => {
    const before = await count('donation_refunds');
    const res = await admin.post(`/api/v1/npo_admin/donations/${ids.donation}/refunds`, {
      idempotency_key: 'abcdefgh\u0000',
    });
    expectFieldRefusal(res, 'idempotency_key');
    expect(await count('donation_refunds')).toBe(before);
  });

  it('refuses a NUL in a query string, a nested field and a key', async () => {
    expectFieldRefusal(await admin.get('/api/v1/npo_admin/offline_donations/donors?q=ab%00'), 'q');
    const nested = await admin.post('/api/v1/npo_admin/offline_donations', {
      campaign_id: ids.campaign,
      donor: { first_name: 'Nul', last_name: 'Byte\u0000', email: 'nested@example.org' },
    });
    expectFieldRefusal(nested, 'donor.last_name');
    const key = await new TestClient(ctx.app).post('/api/v1/npo_admin/confirm_payment', {
      payment_intent: 'pi_nul',
      answers: { 'x\u0000': 'y' },
    });
    expectFieldRefusal(key, 'answers');
  });

  it('still takes an escaped backslash followed by u0000 as the text it is', async () => {
    const res = await admin.post(`/api/v1/npo_admin/donations/${ids.donation}/notes`, { body: 'path C:\\u0000' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().note.body).toBe('path C:\\u0000');
  });
});

// zod's and Fastify's own phrases: "Invalid input: expected number, received NaN", "Too big: expected
// int to be <=9007199254740991", "Unsupported Media Type: text/plain", "Body is not valid JSON but …".
const LIBRARY_WORDING =
  /Invalid input|Invalid option|expected [\w<>=]+|received (NaN|undefined|string|number|object|boolean|null)|Too big|Too small|Unsupported Media Type|Unrecognized key|FST_|Body is not valid JSON|must match pattern/;

describe('the wording of refusals', () => {
  const anonymous = () => new TestClient(ctx.app);
  const cases: Array<{ name: string; send: () => Promise<LightMyRequestResponse>; field?: string; says: RegExp }> = [
    {
      name: 'a number that is not one (query)',
      send: () => admin.get('/api/v1/npo_admin/donations?page=abc'),
      field: 'page',
      says: /Page/,
    },
    {
      name: 'an id beyond the largest integer',
      send: () => admin.get('/api/v1/npo_admin/donations/99999999999999999999'),
      field: 'id',
      says: /The id is too large\./,
    },
    {
      name: 'a gift confirmation with text for numbers and missing names',
      send: () => anonymous().post('/api/v1/npo_admin/confirm_payment', { campaign_id: 'seven', amount: 'ten' }),
      field: 'campaign_id',
      says: /Campaign must be a number\./,
    },
    {
      name: 'an offline gift with the wrong kinds of value',
      send: () => admin.post('/api/v1/npo_admin/offline_donations', { campaign_id: 1, currency: 5, received_on: 3 }),
      field: 'currency',
      says: /Currency must be text\./,
    },
    {
      name: 'a sign-up without an e-mail',
      send: () => anonymous().post('/api/v1/signup', { first_name: 'A', last_name: 'B', password: 'long-enough-pass' }),
      field: 'email',
      says: /Email/,
    },
    {
      name: 'a body that is not an object',
      send: () =>
        admin.post(`/api/v1/npo_admin/donations/${ids.donation}/notes`, 'just text', {
          headers: { 'content-type': 'text/plain' },
        }),
      says: /Send the request body as a JSON object\./,
    },
    {
      name: 'a body of an unsupported media type',
      send: () =>
        admin.post(`/api/v1/npo_admin/donations/${ids.donation}/notes`, '<note/>', {
          headers: { 'content-type': 'application/xml' },
        }),
      says: /Send the request body as JSON\./,
    },
    {
      name: 'a body that is not JSON',
      send: () =>
        admin.post(`/api/v1/npo_admin/donations/${ids.donation}/notes`, '{"body":', {
          headers: { 'content-type': 'application/json' },
        }),
      says: /not valid JSON/,
    },
  ];

  for (const c of cases) {
    it(`speaks the product's voice for ${c.name}`, async () => {
      const res = await c.send();
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(LIBRARY_WORDING);
      const body = res.json();
      expect(c.field ? body.fields?.[c.field] : body.message, res.body).toMatch(c.says);
      for (const message of Object.values<string>(body.fields ?? {})) expect(message).toMatch(/^[A-Z].*[a-z.]$/);
    });
  }
});
