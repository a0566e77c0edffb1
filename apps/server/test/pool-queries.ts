import { vi } from 'vitest';
import type { Db } from '../src/platform/db/client.ts';

const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : ((arg as { text?: string })?.text ?? ''));

/**
 * The queries `run` sends through the app's pool, for "in one query" checks. The app's background
 * work shares the pool: it waits until none of it is running, and leaves out pg-boss's polling,
 * which goes on whatever the request does.
 */
export async function queriesDuring<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const pool = db.$client;
  for (let i = 0; i < 100 && (pool.idleCount < pool.totalCount || pool.waitingCount > 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const spy = vi.spyOn(pool, 'query');
  try {
    const result = await run();
    const queries = spy.mock.calls.map(([arg]) => textOf(arg)).filter((text) => !text.includes('pgboss'));
    return { result, queries };
  } finally {
    spy.mockRestore();
  }
}
