// Work a donor's first view does not need waits, so no one task of the first load holds a tap for
// long (docs/product/donation-form.md#performance): the lower part of the page renders in the task
// after the first paint; the payment step's code, the funnel beacon, the donor wall and the
// leaderboard each run in an idle period of their own.
import { useEffect, useState } from 'react';

type Job = () => void;

const queue: Job[] = [];
let scheduled = false;

// The longest a job waits for an idle period: a busy page still loads the payment step in time.
const IDLE_TIMEOUT_MS = 1000;

function scheduleNext(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    queue.shift()?.();
    scheduleNext();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

/** Runs `job` in an idle period of its own, after the jobs queued before it; returns a cancel. */
export function whenIdle(job: Job): () => void {
  let live = true;
  queue.push(() => {
    if (live) job();
  });
  scheduleNext();
  return () => {
    live = false;
  };
}

/** False on the first render, true from the idle period queued when the component mounted. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * False on the first render when `enabled`, true from the task after its paint (effects run after
 * the paint); always true when not `enabled`. Every caller of one render turns true in one task.
 */
export function useAfterFirstPaint(enabled: boolean): boolean {
  const [after, setAfter] = useState(!enabled);
  useEffect(() => setAfter(true), []);
  return after;
}
