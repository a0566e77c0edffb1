// Who may call each knowledge-base route (docs/product/knowledge-base.md#access): anonymous (401), each demo
// role (its access group's roles pass, the others get 403), and another organisation's article (404). A role
// that passes a writing route is sent to an article that does not exist, so the matrix changes nothing.
import { ACCESS, ROLE, type TAccessGroup } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { TestClient } from '../../../test/test-client.ts';
import { outsiderOrganisation, signedIn } from '../team/team.test-support.ts';

const ctx = useTestApp();
const API = '/api/v1/npo_admin/knowledge_base/articles';
const BODY = { title: 'Matrix', body_html: '<p>Matrix</p>' };

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (id: number) => string;
  group: TAccessGroup;
  body?: object;
};
const MISSING = 999_999;
const ROUTES: Route[] = [
  { method: 'GET', path: () => `${API}?q=refund`, group: 'dashboard' },
  { method: 'GET', path: (id) => `${API}/${id}`, group: 'dashboard' },
  // A body whose text is empty once sanitised: refused by the service, after access, so nothing is written.
  { method: 'POST', path: () => API, group: 'admin', body: { title: 'Matrix', body_html: '<p> </p>' } },
  { method: 'PUT', path: (id) => `${API}/${id}`, group: 'admin', body: BODY },
  { method: 'DELETE', path: (id) => `${API}/${id}`, group: 'admin' },
];
const ACCOUNTS = {
  'admin@kindling.test': ROLE.ADMIN,
  'manager@kindling.test': ROLE.MANAGER,
  'finance@kindling.test': ROLE.FINANCE,
  'staff@kindling.test': ROLE.STAFF,
  'fundraiser@kindling.test': ROLE.PEER,
} as const;

const call = (client: TestClient, route: Route, id: number) =>
  client.request(route.method, route.path(id), route.body === undefined ? {} : { body: route.body });
const label = (route: Route) => `${route.method} ${route.path(0)}`;
const passed = (route: Route) =>
  route.method === 'POST' ? 400 : route.path(MISSING).includes(String(MISSING)) ? 404 : 200;

describe('knowledge base: the access matrix', () => {
  let demoArticle: number;
  beforeAll(async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT a.id FROM knowledge_articles a JOIN npos n ON n.id = a.npo_id WHERE n.slug = 'riverside-food-bank' LIMIT 1`);
    demoArticle = Number(rows[0]?.id);
  });

  it('answers 401 to anonymous callers on every route', async () => {
    const anonymous = new TestClient(ctx.app);
    const answers = await Promise.all(
      ROUTES.map(async (r) => [label(r), (await call(anonymous, r, demoArticle)).statusCode]),
    );
    expect(answers).toEqual(ROUTES.map((r) => [label(r), 401]));
  });

  it.each(Object.entries(ACCOUNTS))('lets %s through exactly the routes of its access group', async (email, code) => {
    const client = await signedIn(ctx, email);
    const answers: [string, number][] = [];
    for (const route of ROUTES) answers.push([label(route), (await call(client, route, MISSING)).statusCode]);
    const expected = ROUTES.map((r): [string, number] => [
      label(r),
      (ACCESS[r.group] as readonly number[]).includes(code) ? passed(r) : 403,
    ]);
    expect(answers).toEqual(expected);
  });

  it("answers 404 to another organisation's administrator for the demo's article", async () => {
    const { client } = await outsiderOrganisation(ctx, 'kb-matrix@example.org', 'Matrix Trust');
    const answers = [];
    for (const route of ROUTES.filter((r) => r.path(1).endsWith('/1')))
      answers.push([label(route), (await call(client, route, demoArticle)).statusCode]);
    expect(answers).toEqual(ROUTES.filter((r) => r.path(1).endsWith('/1')).map((r) => [label(r), 404]));
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM knowledge_articles WHERE id = ${demoArticle}`);
    expect(rows).toHaveLength(1);
  });
});
