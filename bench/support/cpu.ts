// CPU time spent by the measured server and by PostgreSQL during a benchmark phase, read from
// /proc. On a shared, noisy machine throughput swings with the neighbours; CPU milliseconds per
// unit of work barely do, so they show what a change really saved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** utime + stime (+ the waited-for children's cutime + cstime) of one process, in ms; 0 if gone. */
function cpuOf(pid: number, withChildren: boolean): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is state (field 3); utime is field 14, stime 15, cutime 16, cstime 17.
    const at = (field: number) => Number(fields[field - 3]);
    return (at(14) + at(15) + (withChildren ? at(16) + at(17) : 0)) * TICK_MS;
  } catch {
    return 0;
  }
}

function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

/** The postmaster and every backend of the embedded PostgreSQL whose data lives in `dataDir`. */
function postgresCpu(dataDir: string): number {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return cpuOf(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + cpuOf(pid, false), 0);
}

export type CpuSample = { server: number; postgres: number; client: number };

export function sampleCpu(serverPid: number, dataDir: string): CpuSample {
  const own = process.cpuUsage();
  return { server: cpuOf(serverPid, false), postgres: postgresCpu(dataDir), client: (own.user + own.system) / 1000 };
}

/** Prints CPU ms per unit between two samples, and what that allows on this machine's cores. */
export function printCpuPerUnit(before: CpuSample, after: CpuSample, units: number, unitName: string): void {
  const per = (key: keyof CpuSample) => (after[key] - before[key]) / units;
  const server = per('server');
  const postgres = per('postgres');
  const client = per('client');
  console.log(
    `  CPU per ${unitName}: server ${server.toFixed(2)} ms, PostgreSQL ${postgres.toFixed(2)} ms, ` +
      `load generator ${client.toFixed(2)} ms`,
  );
  const cores = os.availableParallelism();
  console.log(
    `  ${cores} cores fully used by server + PostgreSQL alone would give ${((cores * 1000) / (server + postgres)).toFixed(0)} ${unitName}s/s`,
  );
}
