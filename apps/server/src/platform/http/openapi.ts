import swagger, { type SwaggerTransform } from '@fastify/swagger';
import { ROLE_NAMES, type TRoleCode, ZApiError } from '@kindling/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ERROR_STATUS } from './app-error.ts';
import { CSRF_COOKIE, type CsrfRule, csrfRuleOf } from './csrf.ts';
import { accessOfRoute, type RouteAccess, type RouteDoc } from './route-access.ts';
import { SESSION_COOKIE } from './session-context.ts';

// The API reference (decision 020): an OpenAPI 3.1 document built at run time from the routes
// Fastify registered, their zod schemas, the access each declares (route-access.ts) and the CSRF
// rule of csrf.ts, so it cannot drift from what the server does.

export const OPENAPI_PATH = '/api/v1/openapi.json';
const API_PREFIX = '/api/v1/';

const INFO_DESCRIPTION = [
  'Everything the Kindling app does goes through this HTTP API, so anything you can do on screen you can automate.',
  '',
  '**Conventions.** All calls live under `/api/v1` and exchange JSON. Money is an integer number of minor units together with an ISO 4217 currency code. Every error answers with the same body (`ApiError`): the HTTP status, a stable `code` for programs, a `message` for people and, for invalid input, one message per field in `fields`.',
  '',
  `**Sessions.** Signing in sets the \`${SESSION_COOKIE}\` cookie (httpOnly). Each call sees only the data of the organisation selected for that session (\`GET /api/v1/npo_admin/select_npo\`), and only if the session's role there is in the route's access list (\`x-kindling-access\`).`,
  '',
  `**CSRF.** Every answer may set a \`${CSRF_COOKIE}\` cookie; a call that changes something (POST, PUT, PATCH, DELETE) must send its value in the \`X-CSRF-Token\` header. The donation form's payment calls need only a same-origin request, and provider webhooks prove themselves with the provider's signature.`,
  '',
  '**API keys.** An organisation admin creates keys under CRM → Integrations. Send one as `Authorization: Bearer kdl_live_…`: it reaches only the routes that name one of its scopes (`x-kindling-api-scope`), in its own organisation, acting as the admin who created it; no CSRF token is needed, and each key may make 600 calls a minute (429 TOO_MANY_ATTEMPTS beyond). A route without a scope is closed to keys.',
].join('\n');

/** One sentence per access kind; the role lists come from the route. */
function describeAccess(access: RouteAccess | undefined): string {
  if (!access) return 'Access not declared.';
  switch (access.kind) {
    case 'public':
      return 'Public: no session needed.';
    case 'optional-session':
      return `Public; a signed-in session changes the answer: ${access.note}`;
    case 'session':
      return 'Any signed-in user (401 without a session).';
    case 'organisation': {
      const roles = access.roles.map((code) => `${ROLE_NAMES[code as TRoleCode] ?? 'role'} (${code})`).join(', ');
      const group = access.group ? ` (access group \`${access.group}\`)` : '';
      return `A signed-in user whose role in the selected organisation is one of: ${roles}${group}.`;
    }
    case 'portal':
      return 'The donor portal session started from a signed e-mail link (`POST /api/v1/portal/session`).';
    case 'provider-signature':
      return 'The payment provider, proved by its signature over the raw body; no session, no CSRF token.';
  }
}

const CSRF_TEXT: Record<CsrfRule, string | null> = {
  none: null,
  exempt: null,
  origin: 'Same-origin request only (the donation form calls it from inside any page; no CSRF token needed).',
  token: `Send the \`${CSRF_COOKIE}\` cookie's value in the \`X-CSRF-Token\` header.`,
};

type Security = Array<Record<string, string[]>>;

function securityOf(access: RouteAccess | undefined, csrf: CsrfRule): Security {
  const token: Record<string, string[]> = csrf === 'token' ? { csrfCookie: [], csrfHeader: [] } : {};
  switch (access?.kind) {
    case 'session':
    case 'organisation':
      return [{ sessionCookie: [], ...token }];
    case 'optional-session':
      return [token, { sessionCookie: [], ...token }];
    case 'portal':
      return [{ portalCookie: [], ...token }];
    default:
      return csrf === 'token' ? [token] : [];
  }
}

const errorBody = (description: string) => ({ description, content: { 'application/json': { schema: ZApiError } } });

const OTHER_ERRORS = Object.entries(ERROR_STATUS)
  .map(([code, status]) => `${code} ${status}`)
  .join(', ');

/** The error answers a route can give, from what it validates and who may call it. */
function errorResponses(
  schema: FastifySchema,
  doc: RouteDoc | undefined,
  access: RouteAccess | undefined,
  csrf: CsrfRule,
) {
  const responses: Record<string, unknown> = {};
  if (schema.body || schema.querystring || schema.params || doc?.body) {
    responses[400] = errorBody('VALIDATION_FAILED: the input is not valid; `fields` holds one message per field.');
  }
  const kind = access?.kind;
  if (kind === 'session' || kind === 'organisation' || kind === 'portal') {
    responses[401] = errorBody('UNAUTHENTICATED: no live session.');
  }
  const forbidden = [
    kind === 'organisation' ? 'FORBIDDEN: no organisation selected, or the role is not in the access list' : null,
    csrf === 'token' ? 'CSRF_INVALID: the X-CSRF-Token header is missing or does not match the cookie' : null,
    csrf === 'origin' ? 'CSRF_INVALID: a cross-site request' : null,
  ].filter(Boolean);
  if (forbidden.length > 0) responses[403] = errorBody(`${forbidden.join('; ')}.`);
  if (schema.params) responses[404] = errorBody('NOT_FOUND: no such record in the selected organisation.');
  responses.default = errorBody(`Any other failure, in the same body. Codes and statuses: ${OTHER_ERRORS}.`);
  return responses;
}

const BINARY = { type: 'string', format: 'binary' };

/** The success answers the route's doc adds: contract schemas, files and redirects. */
function documentedResponses(doc: RouteDoc | undefined): {
  zod: Record<string, ZodType>;
  other: Record<string, unknown>;
} {
  const zod: Record<string, ZodType> = {};
  const other: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc?.responses ?? {})) {
    if ('description' in answer && !('_zod' in answer)) {
      const { description, mediaType } = answer as { description: string; mediaType?: string };
      other[status] = mediaType
        ? {
            description,
            content: { [mediaType]: { schema: mediaType.endsWith('json') ? { type: 'object' } : BINARY } },
          }
        : { description, type: 'null' };
    } else zod[status] = answer as ZodType;
  }
  return { zod, other };
}

/** Per route: the zod schemas as JSON Schema, plus tag, access, CSRF and the error answers. */
const transform: SwaggerTransform = (input) => {
  const { route, url } = input;
  if (!url.startsWith(API_PREFIX)) return { schema: { hide: true } as FastifySchema, url };
  const schema: FastifySchema = input.schema ?? {};
  const config = route.config ?? {};
  const doc = config.openapi;
  const access = accessOfRoute(route);
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const csrf = csrfRuleOf(method, url);
  const documented = documentedResponses(doc);
  const withZod = {
    ...schema,
    response: { ...errorResponses(schema, doc, access, csrf), ...documented.zod, ...(schema.response as object) },
  };
  const converted = jsonSchemaTransform({ ...input, schema: withZod });
  const out = converted.schema as Record<string, unknown>;
  const response = { ...documented.other, ...(out.response as Record<string, unknown>) };
  if (!Object.keys(response).some((status) => status.startsWith('2') || status.startsWith('3'))) {
    response[200] = { description: 'Success (JSON; this route declares no schema for it yet).' };
  }
  if (doc?.body) {
    out.body = { description: doc.body.description, ...(doc.body.schema ?? {}) };
    out.consumes = [doc.body.mediaType];
  }
  const lines = [
    doc?.description,
    `**Access.** ${describeAccess(access)}`,
    CSRF_TEXT[csrf] && `**CSRF.** ${CSRF_TEXT[csrf]}`,
    config.apiScope && `**API key.** Open to keys with the \`${config.apiScope}\` scope (no CSRF token).`,
  ];
  return {
    url,
    schema: {
      ...out,
      response,
      ...(config.tag ? { tags: [config.tag] } : {}),
      ...(doc?.summary ? { summary: doc.summary } : {}),
      description: lines.filter(Boolean).join('\n\n'),
      // api21: a route open to API keys also accepts the bearer scheme (decision 069).
      security: [...securityOf(access, csrf), ...(config.apiScope ? [{ apiKey: [config.apiScope] }] : [])],
      'x-kindling-access': access ?? null,
      ...(config.apiScope ? { 'x-kindling-api-scope': config.apiScope } : {}),
      'x-kindling-csrf': csrf,
    } as FastifySchema,
  };
};

export type OpenApiOptions = {
  /** The donor portal's cookie (owned by the portal module). */
  portalCookie: string;
};

/**
 * Collects every route registered after it (so it must be registered before the API's plugins)
 * and serves the document at /api/v1/openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kindling API', version: 'v1', description: INFO_DESCRIPTION },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by signing in.',
          },
          portalCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: options.portalCookie,
            description: 'The donor portal session, sent only to /api/v1/portal.',
          },
          csrfCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: CSRF_COOKIE,
            description: 'The CSRF token cookie every answer may set.',
          },
          // api21: API keys (decision 069).
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'kdl_live_…',
            description:
              'An organisation API key, limited to its scopes (OAuth-style scope names in each requirement).',
          },
          csrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: `The ${CSRF_COOKIE} cookie's value, echoed on every call that changes something.`,
          },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(
    OPENAPI_PATH,
    {
      config: {
        access: { kind: 'public' },
        csrfCookie: false,
        tag: 'Reference',
        openapi: {
          summary: 'This document',
          responses: { 200: { description: 'The OpenAPI 3.1 description of /api/v1.', mediaType: 'application/json' } },
        },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
