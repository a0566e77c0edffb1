// The reconciliation report's fetch from Stripe (docs/product/reports.md#reconciliation, decision
// 104): "Refresh from Stripe" queues one job; the job lists the connected account's payouts of the
// period and their balance transactions through the SDK and upserts them by Stripe's ids in one
// transaction, so a retried or repeated fetch stores nothing twice. Stripe's passing trouble (an
// outage, a rate limit) is retried by the queue; a refusal is recorded and shown on the report.
import type { Db } from '../../platform/db/client.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { type PaymentProviders, ProviderError } from '../payments/index.ts';
import { markFetchFinished, selectStripeAccount, storeProviderPayouts } from './reconciliation-report.repository.ts';
import { STRIPE_NOT_CONNECTED } from './reconciliation-report.service.ts';

export type ReconciliationFetchJob = { npoId: number; from: string; to: string; requestedAt: string };
export type ReconciliationStarter = (job: ReconciliationFetchJob) => Promise<void>;
export type ReconciliationDeps = { db: Db; providers: Pick<PaymentProviders, 'stripe'> };

const fetchQueue = defineQueue<ReconciliationFetchJob>('reports.reconciliation_fetch', {
  retryLimit: 3,
  retryDelaySeconds: 30,
  // A year of weekly payouts is a few dozen list pages.
  expireInSeconds: 900,
});

const PASSING = new Set(['provider_unavailable', 'rate_limited']);
const NOT_SET_UP = 'Stripe is not set up on this installation, so its payouts cannot be fetched.';
const UNREACHABLE = 'Stripe could not be reached; the fetch is tried again in a minute.';

/** Fetches the period's payouts from Stripe and stores them; records why when it cannot. */
export async function runReconciliationFetch(deps: ReconciliationDeps, job: ReconciliationFetchJob): Promise<void> {
  const { db, providers } = deps;
  const { accountId } = await selectStripeAccount(db, job.npoId);
  if (!providers.stripe) return markFetchFinished(db, job.npoId, 'stripe', NOT_SET_UP);
  if (!accountId) return markFetchFinished(db, job.npoId, 'stripe', STRIPE_NOT_CONNECTED);
  let payouts: Awaited<ReturnType<NonNullable<PaymentProviders['stripe']>['listPayouts']>>;
  try {
    payouts = await providers.stripe.listPayouts({ npoId: job.npoId, accountId }, { from: job.from, to: job.to });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (PASSING.has(error.code)) {
      await markFetchFinished(db, job.npoId, 'stripe', UNREACHABLE);
      throw error;
    }
    return markFetchFinished(db, job.npoId, 'stripe', `Stripe refused the fetch: ${error.providerMessage}`);
  }
  await storeProviderPayouts(db, job.npoId, 'stripe', payouts);
}

export function registerReconciliation(jobs: Jobs, deps: ReconciliationDeps): ReconciliationStarter {
  jobs.register(fetchQueue, (data) => runReconciliationFetch(deps, data));
  return async (job) => {
    await jobs.send(fetchQueue, job, { key: `reconciliation-${job.npoId}-${job.requestedAt}` });
  };
}
