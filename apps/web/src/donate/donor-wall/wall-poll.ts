// When the donor wall asks again for new gifts (docs/decisions/036-donor-wall-and-custom-js.md): only
// while the page is visible, soon after something arrived, less and less often while nothing does.

export const POLL_FIRST_MS = 12_000;
export const POLL_MAX_MS = 120_000;

/** The next wait: back to the first after news, else doubled up to the maximum. */
export const nextDelay = (current: number, gotNews: boolean): number =>
  gotNews ? POLL_FIRST_MS : Math.min(POLL_MAX_MS, current * 2);

/**
 * Calls `tick` (which says whether it found anything new) on that schedule while the document is
 * visible; a hidden page stops asking, and asks at once when it is shown again. Returns the stop.
 */
export function startWallPoll(tick: () => Promise<boolean>): () => void {
  let delay = POLL_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped || document.visibilityState !== 'visible') return;
    timer = setTimeout(run, delay);
  };
  const run = async () => {
    timer = null;
    const news = await tick().catch(() => false);
    delay = nextDelay(delay, news);
    schedule();
  };
  const onVisibility = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (document.visibilityState === 'visible') {
      delay = POLL_FIRST_MS;
      void run();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
