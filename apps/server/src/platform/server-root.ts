// Where the server's own files are (migrations, SQL definitions, seed assets, built-in articles, the
// built web app). The server runs both as TypeScript source (tests, `npm run dev`) and bundled into
// apps/server/dist/ (`npm start`, decision 106), so a module cannot find them relative to itself:
// the root is the nearest folder up from this code whose package.json is @kindling/server's.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@kindling/server')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @kindling/server package.json above ${start}`);
  }
}

/** apps/server: the folder of the server's package.json. */
export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path under the server's TypeScript sources (apps/server/src), e.g. sourcePath('seed', 'assets'). */
export const sourcePath = (...segments: string[]) => path.join(serverRoot, 'src', ...segments);
