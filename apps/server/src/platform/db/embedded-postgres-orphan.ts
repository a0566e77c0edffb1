import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from './embedded-postgres-access.ts';

export type PostmasterPid = { pid: number; dataDir: string; port: number };

/** The lock file PostgreSQL keeps in its data directory while it runs: pid, data directory, port. */
export async function readPostmasterPid(databaseDir: string): Promise<PostmasterPid | null> {
  const text = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const [pid, dataDir, , port] = text.split('\n');
  const parsed = { pid: Number(pid), dataDir: dataDir ?? '', port: Number(port) };
  return Number.isInteger(parsed.pid) && parsed.pid > 0 ? parsed : null;
}

/** Alive and not a zombie: a killed server's child may wait unreaped under an init that never reaps. */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // The state letter follows the command name, which is in parentheses and may itself hold spaces.
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat.slice(stat.lastIndexOf(') ') + 2)[0] !== 'Z';
}

async function commandLine(pid: number): Promise<string[] | null> {
  const proc = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (proc !== null) return proc.split('\0').filter(Boolean);
  // No /proc (macOS): ps prints the arguments joined by spaces, enough to find -D <dir>.
  const ps = await promisify(execFile)('ps', ['-o', 'args=', '-p', String(pid)]).catch(() => null);
  return ps ? ps.stdout.trim().split(/\s+/) : null;
}

/** Whether `pid` is a PostgreSQL server started with `-D databaseDir`. */
async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  const args = await commandLine(pid);
  if (!args?.length || path.basename(args[0] ?? '') !== 'postgres') return false;
  const dir = args[args.indexOf('-D') + 1];
  return args.includes('-D') && !!dir && path.resolve(dir) === databaseDir;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (!(await isRunning(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !(await isRunning(pid));
}

/**
 * Stops a PostgreSQL left running on `databaseDir` by a server that died without stopping it: a fast
 * shutdown (SIGINT) as on a normal stop, an immediate one (SIGQUIT) if that takes too long. A lock
 * file naming a process that is not that PostgreSQL (a pid reused after a reboot) is removed, since
 * PostgreSQL would refuse to start while any process has that pid.
 */
export async function stopOrphanedPostgres(databaseDir: string, log: (line: string) => void): Promise<void> {
  const lock = await readPostmasterPid(databaseDir);
  if (!lock || !(await isRunning(lock.pid))) return;
  if (!(await isPostgresOf(lock.pid, databaseDir))) {
    log(`Removing a stale postmaster.pid (pid ${lock.pid} is another process)`);
    await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  console.log(`Stopping the PostgreSQL (pid ${lock.pid}) an earlier run left on ${databaseDir} …`);
  process.kill(lock.pid, 'SIGINT');
  if (await waitForExit(lock.pid, 30_000)) return;
  process.kill(lock.pid, 'SIGQUIT');
  if (await waitForExit(lock.pid, 10_000)) return;
  throw new StartupError(
    `The PostgreSQL (pid ${lock.pid}) left running on ${databaseDir} does not stop; stop it, then start again.`,
  );
}
