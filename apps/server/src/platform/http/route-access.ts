import type { TAccessGroup } from '@kindling/contracts';
import type { ZodType } from 'zod';

/**
 * Who may call a route, as the API reference states it (openapi.ts). A route behind requireAccess
 * or requireSession says so by its preHandler; every other /api/v1 route declares it in its
 * `config.access`, and openapi.test.ts fails on a route that does neither.
 */
export type RouteAccess =
  /** Anyone; no session is read. */
  | { kind: 'public' }
  /** Anyone; a signed-in caller's session changes the answer (`note` says how). */
  | { kind: 'optional-session'; note: string }
  /** Any signed-in user (401 without a session). */
  | { kind: 'session' }
  /** A signed-in user whose role in the selected organisation is one of `roles`. */
  | { kind: 'organisation'; group: TAccessGroup | null; roles: readonly number[] }
  /** The donor portal's short session, started from a signed e-mail link (decision 012). */
  | { kind: 'portal' }
  /** A payment provider, proved by its own signature over the raw body. */
  | { kind: 'provider-signature' };

/**
 * What the reference says about a route that the zod schemas cannot: a file or a redirect as the
 * answer, a body that is not JSON, or a success body whose contract runs transforms the response
 * serialiser cannot compile (so the route has no response schema and the contract's is shown).
 */
export type RouteDoc = {
  summary?: string;
  description?: string;
  /** Success answers: a zod schema (JSON), or a media type with a description (files, redirects). */
  responses?: Record<number, ZodType | { description: string; mediaType?: string }>;
  /** A body the route reads without a zod schema (multipart upload, a provider's raw event). */
  body?: { mediaType: string; description: string; schema?: Record<string, unknown> };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    openapi?: RouteDoc;
    /** The API reference's heading for the route: its module (router.ts). */
    tag?: string;
    /** false: an anonymous public read that sets no csrf_token cookie (csrf.ts, decision 006). */
    csrfCookie?: boolean;
    /** api21: the API key scope that opens the route to keys; without one, keys are refused (decision 069). */
    apiScope?: string;
  }
}

/** Route config of a public route: anyone, no session read. */
export const PUBLIC_ROUTE = { access: { kind: 'public' } } as const satisfies { access: RouteAccess };

const declared = new WeakMap<object, RouteAccess>();

/** Marks a preHandler as enforcing `access`, so the reference can read it off the route. */
export function withAccess<T extends object>(handler: T, access: RouteAccess): T {
  declared.set(handler, access);
  return handler;
}

/** The access a route declares: its config, else the first marked preHandler. */
export function accessOfRoute(route: { config?: unknown; preHandler?: unknown }): RouteAccess | undefined {
  const config = route.config as { access?: RouteAccess } | undefined;
  if (config?.access) return config.access;
  const handlers = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
  for (const handler of handlers) {
    const access = typeof handler === 'function' ? declared.get(handler) : undefined;
    if (access) return access;
  }
  return undefined;
}
