import { MESSAGES, type TApiError } from '@kindling/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { applyDonatePageHeaders, type IndexHtmlReader } from './web-app.ts';

/** Maps every failure to the one error body of the contract (ZApiError). */
export function registerErrorHandler(app: FastifyInstance, readIndexHtml: IndexHtmlReader | null): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: TApiError = { status: error.status, code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? MESSAGES.validationFailed;
      }
      const first = Object.values(fields)[0];
      const body: TApiError = {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: first ?? MESSAGES.validationFailed,
        fields,
      };
      return reply.status(400).send(body);
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ status: error.statusCode, code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 500, code: 'INTERNAL', message: MESSAGES.errorBody });
  });
  // Any other GET is a page: a public donation page (campaign addresses) or a client-side route of
  // the single-page app, which shows its own not-found page.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (an asset of an older build) must 404, not come back as the page.
    // A donor portal link's signed token has dots in it and is a page, never a file (decision 012).
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname) && !pathname.startsWith('/portal/');
    const isPageRequest =
      request.method === 'GET' && !looksLikeFile && !pathname.startsWith('/api/') && !pathname.startsWith('/cable');
    const page = isPageRequest ? await readIndexHtml?.(pathname) : null;
    if (page) {
      if (page.donate) applyDonatePageHeaders(reply, page.frameable);
      return reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.html);
    }
    return reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: MESSAGES.notFound });
  });
}
