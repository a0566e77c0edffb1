// Who may call each recurring imports route (docs/product/imports.md#recurring-imports): every route
// of the module, anonymous (401), each demo role (its access group's roles pass, the others get
// 403), and another organisation's ids (404). A role that passes is sent to an id that does not
// exist, so the matrix reads access without starting or changing anything of the demo.
import { ACCESS, ROLE, type TAccessGroup } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const ctx = useTestApp();
const API = '/api/v1/npo_admin/recurring_imports';

type Route = {
  method: 'GET' | 'POST';
  path: (id: number) => string;
  group: TAccessGroup;
  /** What a caller of the access group gets when the route has no id (200 unless said). */
  granted?: number;
};

const MISSING = 999_999;
const ROUTES: Route[] = [
  { method: 'GET', path: () => API, group: 'dashboard' },
  // The upload sent without a multipart file: a caller who may import gets 406, after access is checked.
  { method: 'POST', path: () => API, group: 'admin', granted: 406 },
  { method: 'GET', path: (id) => `${API}/${id}`, group: 'dashboard' },
  { method: 'GET', path: (id) => `${API}/${id}/plans`, group: 'dashboard' },
  { method: 'GET', path: (id) => `${API}/${id}/errors.csv`, group: 'dashboard' },
  { method: 'POST', path: (id) => `${API}/${id}/start`, group: 'admin' },
];
const ACCOUNTS = {
  'admin@kindling.test': ROLE.ADMIN,
  'manager@kindling.test': ROLE.MANAGER,
  'finance@kindling.test': ROLE.FINANCE,
  'staff@kindling.test': ROLE.STAFF,
  'fundraiser@kindling.test': ROLE.PEER,
} as const;

const call = (client: TestClient, route: Route, id: number) =>
  client.request(route.method, route.path(id), route.method === 'POST' ? { body: {} } : {});
const label = (route: Route) => `${route.method} ${route.path(0)}`;
const hasId = (route: Route) => route.path(MISSING).includes(String(MISSING));

describe('recurring imports: the access matrix', () => {
  let demo = 0;
  beforeAll(async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT i.id FROM recurring_imports i JOIN npos n ON n.id = i.npo_id
      WHERE n.slug = 'riverside-food-bank' AND i.file_name = 'plans-from-our-old-platform.csv'`);
    demo = Number(rows[0]?.id);
  });

  it('answers 401 to anonymous callers on every route', async () => {
    const anonymous = new TestClient(ctx.app);
    const answers = await Promise.all(ROUTES.map(async (r) => [label(r), (await call(anonymous, r, demo)).statusCode]));
    expect(answers).toEqual(ROUTES.map((r) => [label(r), 401]));
  });

  it.each(Object.entries(ACCOUNTS))('lets %s through exactly the routes of its access group', async (email, code) => {
    const client = await signedIn(ctx, email);
    const answers: [string, number][] = [];
    for (const route of ROUTES) answers.push([label(route), (await call(client, route, MISSING)).statusCode]);
    // A route with an id answers 404 for the missing one once access is granted; a list answers 200.
    const expected = ROUTES.map((r): [string, number] => {
      if (!(ACCESS[r.group] as readonly number[]).includes(code)) return [label(r), 403];
      return [label(r), hasId(r) ? 404 : (r.granted ?? 200)];
    });
    expect(answers).toEqual(expected);
  });

  it("answers 404 to another organisation's administrator for the demo's import, and lists none of it", async () => {
    const { client } = await outsiderOrganisation(ctx, 'recurring-import-matrix@example.org', 'Matrix Plan Movers');
    const withIds = ROUTES.filter(hasId);
    const answers = await Promise.all(withIds.map(async (r) => [label(r), (await call(client, r, demo)).statusCode]));
    expect(answers).toEqual(withIds.map((r) => [label(r), 404]));
    const list = await client.get(API);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('plans-from-our-old-platform.csv');
  });
});
