import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose routes validate and type requests with the contract's zod schemas. */
export type Router = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

const tagged = new WeakMap<FastifyInstance, string>();

/**
 * The plugin's routes, typed by their zod schemas. `tag` groups the routes registered from here on
 * in this plugin (and its children, unless they name their own) under one heading of the API
 * reference (openapi.ts).
 */
export const zodRouter = (app: FastifyInstance, tag?: string): Router => {
  if (tag && tagged.get(app) !== tag) {
    tagged.set(app, tag);
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, tag };
    });
  }
  return app.withTypeProvider<ZodTypeProvider>();
};
