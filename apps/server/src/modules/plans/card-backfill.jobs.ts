// The card backfill on pg-boss: one job per batch of plans, each sending the next (keyed by where
// it starts, so a batch retried after a crash or a rate limit never forks the run). The first is
// sent when the app starts (keyed, so N instances starting together make one run); a run finds
// nothing to do once every plan's method was asked about, so starting again costs one query.
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { backfillPlanCards, type CardBackfillDeps } from './card-backfill.ts';

export type CardBackfillJob = { afterId: number };

export const cardBackfillQueue = defineQueue<CardBackfillJob>('recurring.card_backfill', {
  // A rate limit at the provider: later, with pg-boss's doubling backoff (1, 2, 4… minutes).
  retryLimit: 8,
  retryDelaySeconds: 60,
  // A batch of 100 plans with a pause between provider calls: well under this.
  expireInSeconds: 900,
});

export const CARD_BACKFILL_BATCH = 100;

export type CardBackfill = {
  /** Sends the run's first batch (a no-op while a run started by another instance is queued). */
  start: () => Promise<void>;
};

export function registerCardBackfill(jobs: Jobs, deps: CardBackfillDeps & { batchSize?: number }): CardBackfill {
  const limit = deps.batchSize ?? CARD_BACKFILL_BATCH;
  jobs.register(cardBackfillQueue, async ({ afterId }) => {
    const batch = await backfillPlanCards(deps, { afterId, limit });
    if (batch.more) {
      await jobs.send(cardBackfillQueue, { afterId: batch.lastId }, { key: `card-backfill-after-${batch.lastId}` });
    }
  });
  return {
    start: async () => {
      await jobs.send(cardBackfillQueue, { afterId: 0 }, { key: 'card-backfill-start' });
    },
  };
}
