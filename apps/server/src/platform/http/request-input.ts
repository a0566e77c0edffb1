import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { fieldLabel } from './validation-messages.ts';

// PostgreSQL's text and jsonb cannot hold U+0000, so a NUL anywhere in a request would reach the
// database and fail there. It is refused once, here, for every route (docs/decisions/022-…).

/** An escaped NUL in JSON text: `\u0000` preceded by an even number of backslashes (none, or escaped ones). */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;
const NUL = '\u0000';

/** The dotted path of the first string (or key) holding a NUL, or null. */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return path;
    const found = nulPath(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

function nulRefusal(path: string[], where: string): AppError {
  const field = path.join('.') || where;
  const message = `${fieldLabel(path, where)} contains a character that is not allowed (NUL).`;
  return new AppError('VALIDATION_FAILED', message, { [field]: message });
}

/** Throws the field's 400 when any string of the value holds a NUL. */
export function refuseNul(value: unknown, where: string): void {
  const path = nulPath(value);
  if (path) throw nulRefusal(path, where);
}

/**
 * JSON bodies go through Fastify's own parser (prototype-poisoning checks kept); one regular
 * expression over the raw text finds an escaped NUL, so a body without one costs no walk. Query
 * strings and path parameters are walked only when the URL carries `%00`; form bodies (the sandbox's
 * pages) are small and walked whole.
 */
export function registerRequestInputChecks(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (!JSON_NUL.test(text)) return parseJson(request, text, done);
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const path = nulPath(parsed);
      done(path ? nulRefusal(path, 'body') : null, parsed);
    });
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.url.includes('%00')) {
      refuseNul(request.params, 'params');
      refuseNul(request.query, 'query');
    }
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      refuseNul(request.body, 'body');
  });
}
