import { MESSAGES, type TApiError } from '@kindling/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { applyDonatePageHeaders, type IndexHtmlReader } from './web-app.ts';

// Fastify's and its plugins' own refusals (FST_…) and JSON syntax errors carry developer wording
// ("Unsupported Media Type: text/plain"); a client is told in the product's voice what to send.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send it as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its stated length.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as a multipart form upload.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT_ERROR: 'Send one file at a time.',
  FST_PARTS_LIMIT_ERROR: 'The form has too many parts.',
  FST_FIELDS_LIMIT_ERROR: 'The form has too many fields.',
};
const STATUS_MESSAGES: Record<number, string> = {
  404: MESSAGES.notFound,
  405: 'This address does not take that kind of request.',
  413: 'The request is too large.',
  415: 'Send the request body as JSON.',
  429: MESSAGES.tooManyAttempts,
};

const isFrameworkError = (error: FastifyError) => error.code?.startsWith('FST_') || error instanceof SyntaxError;
const frameworkMessage = (error: FastifyError) =>
  FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[error.statusCode ?? 400] ?? 'The request could not be read.';

/** Maps every failure to the one error body of the contract (ZApiError). */
/** The extensions of what the web build and its public folder hold (web-app.ts serves them). */
const FILE_EXTENSION =
  /\.(?:m?js|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|webmanifest|pdf)$/i;

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
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
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
      const body: TApiError = isFrameworkError(error)
        ? { status: error.statusCode, code: 'BAD_REQUEST', message: frameworkMessage(error) }
        : { status: error.statusCode, code: error.code ?? 'BAD_REQUEST', message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 500, code: 'INTERNAL', message: MESSAGES.errorBody });
  });
  // Any other GET is a page: a public donation page (campaign addresses) or a client-side route of
  // the single-page app, which shows its own not-found page.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (an asset of an older build) must 404, not come back as the page. Signed links
    // (the donor portal's, a member card's: decision 012) end in ".<signature>", so only the extensions
    // a build or the public folder serves count as files; a signature without "-" or "_" is no file.
    const looksLikeFile = FILE_EXTENSION.test(pathname);
    const isPageRequest =
      request.method === 'GET' && !looksLikeFile && !pathname.startsWith('/api/') && !pathname.startsWith('/cable');
    const page = isPageRequest ? await readIndexHtml?.(pathname) : null;
    if (page) {
      if (page.donate) applyDonatePageHeaders(reply, page.frameable, page.nonce);
      return reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.html);
    }
    return reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: MESSAGES.notFound });
  });
}
