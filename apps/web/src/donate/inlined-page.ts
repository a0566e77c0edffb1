// The light public pages (crowdfunding, team) start from the JSON the server placed in their HTML
// and fetch it only when it is missing (docs/decisions/079-light-team-page-and-live-leaderboards.md).
import { useEffect, useState } from 'react';
import { HttpError } from './http.ts';

export type PageLoad<T> =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | { state: 'ready'; data: T };

/** The JSON in `<script id={elementId}>`, else null. */
function inlined<T>(elementId: string): T | null {
  const node = document.getElementById(elementId);
  try {
    return node?.textContent ? (JSON.parse(node.textContent) as T) : null;
  } catch {
    return null;
  }
}

/**
 * The page's data: inlined, else fetched (404 → missing, other errors → failed, a page already shown
 * stays). Returns the state, a retry, and a setter for fresher data (a poll's answer).
 */
export function useInlinedPage<T>(
  elementId: string,
  key: string,
  fetchPage: (key: string) => Promise<T>,
): [PageLoad<T>, () => void, (data: T) => void] {
  const [load, setLoad] = useState<PageLoad<T>>(() => {
    const data = inlined<T>(elementId);
    return data ? { state: 'ready', data } : { state: 'loading' };
  });
  const [round, setRound] = useState(load.state === 'ready' ? 0 : 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page's fetch depends only on its key and the retry round.
  useEffect(() => {
    if (round === 0) return;
    let live = true;
    fetchPage(key).then(
      (data) => live && setLoad({ state: 'ready', data }),
      (e: unknown) =>
        live &&
        setLoad((now) =>
          now.state === 'ready' ? now : { state: e instanceof HttpError && e.status === 404 ? 'missing' : 'failed' },
        ),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  return [load, () => setRound((r) => r + 1), (data: T) => setLoad({ state: 'ready', data })];
}
