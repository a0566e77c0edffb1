import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

/** Serves the built single-page app's assets and returns its index.html, or null when it is not built. */
export async function registerWebApp(app: FastifyInstance, distDir = webDistDir): Promise<string | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return null;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  return fs.readFileSync(indexFile, 'utf8');
}
