import { ACCESS } from '@kindling/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

type Operation = {
  tags?: string[];
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  'x-kindling-access'?: { kind: string; roles?: number[] } | null;
  'x-kindling-csrf'?: string;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** "METHOD /path/:param" for every route of Fastify's own route tree (printRoutes). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const start = line.search(/[^│├└─ ]/);
    if (start < 0) continue;
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(start));
    if (!match?.[1]) continue;
    stack.length = start / 4 - 1;
    stack.push(match[1]);
    for (const method of match[2]?.split(', ') ?? []) routes.push(`${method} ${stack.join('')}`);
  }
  return routes;
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        operation,
      })),
  );

describe('GET /api/v1/openapi.json', () => {
  const ctx = useTestApp({ seed: false });
  let doc: Document;
  beforeAll(async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every /api/v1 route Fastify registered, and no other', () => {
    const registered = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false }))
      // Fastify answers HEAD for every GET by itself; the GET describes both.
      .filter((route) => route.includes(' /api/v1/') && !route.startsWith('HEAD '));
    const documented = operationsOf(doc).map((o) => o.key);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('tells a client what every success answers: a body schema, a file, a redirect or no content', () => {
    const vague = operationsOf(doc).filter(({ operation }) => {
      const successes = Object.entries(operation.responses).filter(([status]) => /^[23]\d\d$/.test(status));
      const told = successes.filter(([status, answer]) => {
        if (answer.description?.includes('declares no schema')) return false;
        if (status === '204' || status.startsWith('3')) return Boolean(answer.description);
        return Object.values(answer.content ?? {}).some((media) => media.schema);
      });
      return told.length === 0;
    });
    expect(vague.map((o) => o.key)).toEqual([]);
  });

  it('gives every operation a module tag, its access, its CSRF rule and the error body', () => {
    for (const { key, operation } of operationsOf(doc)) {
      expect(operation.tags?.length, key).toBe(1);
      expect(operation['x-kindling-access'], key).toBeTruthy();
      expect(operation['x-kindling-csrf'], key).toBeTruthy();
      expect(operation.responses.default?.content?.['application/json']?.schema?.$ref, key).toBe(
        '#/components/schemas/ApiError',
      );
    }
  });

  it('states the roles, session and CSRF token a staff write needs', () => {
    const patch = doc.paths['/api/v1/npo_admin/donors/{id}']?.patch;
    expect(patch?.['x-kindling-access']).toEqual({ kind: 'organisation', group: 'admin', roles: [...ACCESS.admin] });
    // api21: the donor write is open to API keys with donors:write, without the CSRF token (decision 069).
    expect(patch?.security).toEqual([
      { sessionCookie: [], csrfCookie: [], csrfHeader: [] },
      { apiKey: ['donors:write'] },
    ]);
    expect(patch?.description).toContain('finance_admin (2001)');
    expect(patch?.description).toContain('X-CSRF-Token');
    expect(Object.keys(patch?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(patch?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(patch?.requestBody?.content['application/json']?.schema).toBeTruthy();
  });

  it('marks the public reads, the payment calls and the webhooks as they are checked', () => {
    const page = doc.paths['/api/v1/npo_admin/campaign_page']?.get;
    expect(page?.security).toEqual([]);
    expect(page?.parameters).toEqual([expect.objectContaining({ name: 'campaign_url', in: 'query' })]);
    const intent = doc.paths['/api/v1/npo_admin/intent']?.post;
    expect(intent?.['x-kindling-csrf']).toBe('origin');
    expect(intent?.security).toEqual([]);
    const signIn = doc.paths['/api/v1/npo_users/sign_in']?.post;
    expect(signIn?.security).toEqual([{ csrfCookie: [], csrfHeader: [] }]);
    const webhook = doc.paths['/api/v1/webhooks/{provider}']?.post;
    expect(webhook?.['x-kindling-access']).toEqual({ kind: 'provider-signature' });
    expect(webhook?.['x-kindling-csrf']).toBe('exempt');
    const upload = doc.paths['/api/v1/npo_admin/imports']?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const portal = doc.paths['/api/v1/portal/overview']?.get;
    expect(portal?.security).toEqual([{ portalCookie: [] }]);
  });

  // api21: the bearer scheme of API keys, and a route that declares no scope stays closed to them.
  it('documents the API key scheme and which routes it opens', () => {
    const raw = doc as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(raw.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/v1/npo_admin/donations']?.get;
    expect(list?.security).toContainEqual({ apiKey: ['donations:read'] });
    expect(list?.description).toContain('donations:read');
    const segments = doc.paths['/api/v1/npo_admin/segments']?.get;
    expect(JSON.stringify(segments?.security)).not.toContain('apiKey');
  });
});
