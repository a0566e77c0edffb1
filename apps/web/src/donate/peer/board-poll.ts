// How the public leaderboards follow new gifts (docs/decisions/079-light-team-page-and-live-leaderboards.md): the
// live channel carries only a signed-in user's own data, so an anonymous page asks the cached board
// again every 30 s while it is visible, and at once when it is shown again; a hidden tab asks nothing.

export const BOARD_POLL_MS = 30_000;

/** Calls `tick` every `everyMs` while the document is visible; returns the stop. */
export function startBoardPoll(tick: () => Promise<unknown>, everyMs = BOARD_POLL_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped || timer || document.visibilityState !== 'visible') return;
    timer = setTimeout(run, everyMs);
  };
  const run = () => {
    timer = null;
    void tick()
      .catch(() => {})
      .finally(schedule);
  };
  const onVisibility = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (document.visibilityState === 'visible') run();
  };
  document.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
