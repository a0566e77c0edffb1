import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FileStore } from './file-store.ts';

/**
 * Serves stored files at /uploads/<key>. A key is never reused for other content, so a browser may
 * keep a file for a year; the ETag (the content's SHA-256) lets a revalidation answer 304.
 */
export async function uploadsRoute(app: FastifyInstance, opts: { files: FileStore }): Promise<void> {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await opts.files.get(key);
    if (!file) return reply.callNotFound();
    const etag = `"${file.sha256}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(file.contentType).header('content-length', file.sizeBytes).send(file.content);
  });
}

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Earlier versions wrote uploads to DATA_DIR/uploads/<npo>/…: they move into the store once, under
 * the same keys so stored URLs keep working, and the folder is renamed so later starts skip it.
 */
export async function importLegacyUploads(
  files: FileStore,
  dataDir: string,
  log: (line: string) => void,
): Promise<number> {
  const root = path.join(dataDir, 'uploads');
  const found = await filesUnder(root);
  let imported = 0;
  for (const file of found) {
    const key = path.relative(root, file).split(path.sep).join('/');
    const npoId = Number(key.split('/')[0]);
    const contentType = TYPES[path.extname(file).toLowerCase()];
    if (!Number.isInteger(npoId) || !contentType) continue;
    if (await files.put({ key, npoId, contentType, content: await fs.readFile(file) })) imported++;
  }
  if (found.length) {
    await fs.rename(root, path.join(dataDir, `uploads-imported-${Date.now()}`));
    log(`Moved ${imported} uploaded file(s) from ${root} into the database`);
  }
  return imported;
}
