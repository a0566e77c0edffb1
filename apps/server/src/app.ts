import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config/config.ts';
import type { Db } from './platform/db/client.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import type { Mailer } from './platform/mail/mailer.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === 'silent' ? false : { level: deps.config.LOG_LEVEL },
    trustProxy: true,
    disableRequestLogging: !['debug', 'trace'].includes(deps.config.LOG_LEVEL),
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const spaIndexHtml = deps.serveWeb ? await registerWebApp(app) : null;
  registerErrorHandler(app, spaIndexHtml);

  await app.register(helmet, {
    // The SPA loads Google's identity script and shows QR codes as data URLs.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com'],
        frameSrc: ["'self'", 'https://accounts.google.com'],
        connectSrc: ["'self'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie, { secret: deps.config.sessionSecret });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    await deps.db.$client.query('SELECT 1');
    return reply.send({ status: 'ready' });
  });
  return app;
}
