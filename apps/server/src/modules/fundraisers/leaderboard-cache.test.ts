// The leaderboard's per-process copy (decision 044): only the first request waits for the read; a
// stale copy is served while one background read replaces it.
import { describe, expect, it, vi } from 'vitest';
import { createBoardCache } from './leaderboard.ts';

describe('leaderboard copy', () => {
  it('serves the stale answer while one read refreshes it, then the new one', async () => {
    vi.useFakeTimers();
    try {
      const cached = createBoardCache(5_000);
      let version = 1;
      const load = vi.fn(async () => `v${version}`);
      expect(await cached('9:10', load)).toBe('v1');
      version = 2;
      expect(await cached('9:10', load)).toBe('v1');
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5_001);
      expect(await cached('9:10', load)).toBe('v1');
      expect(load).toHaveBeenCalledTimes(2);
      await vi.waitFor(async () => expect(await cached('9:10', load)).toBe('v2'));
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads every time with no cache time (tests)', async () => {
    const load = vi.fn(async () => 'x');
    const cached = createBoardCache(0);
    await cached('k', load);
    await cached('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
