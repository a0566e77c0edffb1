import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

export type IndexHtmlReader = () => string | null;

/**
 * Serves the built single-page app's assets and returns a reader for its index.html. Assets are
 * looked up per request and index.html is re-read when it changes, so a rebuild while the server
 * runs never leaves the page pointing at deleted files.
 */
export async function registerWebApp(app: FastifyInstance, distDir = webDistDir): Promise<IndexHtmlReader> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
  fs.mkdirSync(distDir, { recursive: true });
  await app.register(fastifyStatic, { root: distDir, index: false });
  let cached: { mtimeMs: number; html: string } | null = null;
  const readIndexHtml = () => {
    try {
      const { mtimeMs } = fs.statSync(indexFile);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
  // The root is a directory to the static plugin; it is the landing page to people.
  app.get('/', (_request, reply) => {
    const html = readIndexHtml();
    if (!html) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return readIndexHtml;
}
