// The recurring import runs as a durable job, like the donations import. Each row is checked with
// its provider (the customer and saved method exist on the organisation's account) before its plan
// is made; a refused row fails alone and nothing is written for it. A crash or a retry runs the
// job again from the start: every plan carries its row's key, so the plans the first run made are
// found (counted as made by this import) and never made twice.
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineQueue, type Jobs } from '../../platform/jobs/jobs.ts';
import { recordAudit } from '../audit/index.ts';
import { convertToBase } from '../donations/index.ts';
import { upsertDonor } from '../donors/index.ts';
import { cannotSucceedOnRetry } from '../imports/index.ts';
import { notificationTexts, notifyOrganisation } from '../notifications/index.ts';
import { findNpo } from '../organisations/index.ts';
import { type PaymentProviders, ProviderError, type SavedMethodCheck } from '../payments/index.ts';
import { findImportedPlan, insertImportedPlan } from '../plans/index.ts';
import {
  findRecurringImport,
  markRecurringImportFailed,
  markRecurringImportFinished,
  markRecurringImportProgress,
  type RecurringImportOutcome,
  type RecurringImportRecord,
} from './recurring-imports.repository.ts';
import type { RecurringImportResult, RecurringImportRow } from './recurring-imports.tables.ts';

export type RecurringImportJob = { npoId: number; importId: number };
export type RecurringImportStarter = (job: RecurringImportJob) => Promise<void>;
export type RecurringImportDeps = { db: Db; providers: PaymentProviders };

export const recurringImportGaveUpQueue = defineQueue<RecurringImportJob>('recurring.import.gave_up', {
  retryLimit: 8,
});
export const recurringImportQueue = defineQueue<RecurringImportJob>('recurring.import', {
  deadLetter: recurringImportGaveUpQueue.name,
  retryLimit: 3,
  retryDelaySeconds: 30,
  // 20,000 rows, each a provider call or two.
  expireInSeconds: 3600,
});

const PROGRESS_EVERY = 10;
const GAVE_UP =
  'The import stopped before the end. The plans made before it stopped are kept; import the same file again to finish: rows already imported are found, not made twice.';
/** A provider's passing trouble: the job is retried rather than the row refused. */
const PASSING = new Set(['provider_unavailable', 'rate_limited']);

type Npo = NonNullable<Awaited<ReturnType<typeof findNpo>>>;
type RowOutcome = { result: RecurringImportResult } | { failure: string };

async function checkWithProvider(
  deps: RecurringImportDeps,
  npo: Npo,
  r: RecurringImportRow,
): Promise<SavedMethodCheck> {
  const provider = deps.providers[r.provider];
  const name = { sandbox: 'The sandbox', stripe: 'Stripe', paypal: 'PayPal' }[r.provider];
  if (!provider?.checkSavedMethod)
    return { ok: false, reason: `provider: ${name} is not set up on this installation.` };
  const accountId =
    r.provider === 'stripe' ? npo.stripeAccountId : r.provider === 'paypal' ? npo.paypalMerchantId : null;
  try {
    return await provider.checkSavedMethod({
      account: { npoId: npo.id, accountId },
      customerId: r.customer_id,
      paymentMethodId: r.payment_method_id,
      key: r.key,
    });
  } catch (error) {
    if (!(error instanceof ProviderError) || PASSING.has(error.code)) throw error;
    return { ok: false, reason: `provider: ${error.providerMessage}` };
  }
}

async function importRow(deps: RecurringImportDeps, npo: Npo, r: RecurringImportRow, now: Date): Promise<RowOutcome> {
  const { db } = deps;
  const existing = await db.transaction((tx) => findImportedPlan(tx, npo.id, r.key));
  if (existing) return { result: { row: r.row, plan_id: existing.id, created: false } };
  const check = await checkWithProvider(deps, npo, r);
  if (!check.ok) return { failure: check.reason };
  try {
    return await db.transaction(async (tx) => {
      const base = await convertToBase(tx, npo.id, r.amount_minor, r.currency, npo.baseCurrency);
      const donor = await upsertDonor(tx, npo.id, { email: r.email, firstName: r.first_name, lastName: r.last_name });
      const { plan, created } = await insertImportedPlan(tx, {
        npoId: npo.id,
        donorId: donor.id,
        campaignId: r.campaign_id,
        amountMinor: r.amount_minor,
        currency: r.currency,
        interval: r.interval,
        provider: r.provider,
        paymentMethodId: check.paymentMethodId,
        customerId: check.customerId,
        card: check.card,
        status: r.status,
        nextChargeDate: r.next_charge_date,
        zone: npo.timeZone,
        baseRate: base.baseAmountMinor / r.amount_minor,
        importKey: r.key,
        now,
      });
      return { result: { row: r.row, plan_id: plan.id, created } };
    });
  } catch (error) {
    // A row the rules refuse (no exchange rate for its currency…) fails alone.
    if (!(error instanceof AppError)) throw error;
    return { failure: error.message };
  }
}

async function finish(db: Db, found: RecurringImportRecord, npo: Npo, outcome: RecurringImportOutcome): Promise<void> {
  const imported = outcome.results.filter((r) => r.created).length;
  await db.transaction(async (tx) => {
    if (!(await markRecurringImportFinished(tx, found.id, outcome))) return;
    const text = notificationTexts['import.finished']({
      what: { one: 'recurring plan', other: 'recurring plans' },
      imported,
      failed: outcome.failures.length,
      locale: npo.locale,
    });
    await notifyOrganisation(tx, {
      npoId: found.npoId,
      kind: 'import.finished',
      ...text,
      link: `/dashboard/recurring_imports?import=${found.id}`,
      data: { recurring_import_id: found.id, imported, failed: outcome.failures.length },
    });
    await recordAudit(tx, {
      npoId: found.npoId,
      actorUserId: found.createdByUserId,
      action: 'recurring_import.finished',
      targetType: 'recurring_import',
      targetId: found.id,
      data: { imported, already_imported: outcome.results.length - imported, failed: outcome.failures.length },
      ip: null,
    });
  });
}

/** Checks and makes every row's plan, then stamps the counts and tells the staff, once. */
export async function runRecurringImport(
  deps: RecurringImportDeps,
  job: RecurringImportJob,
  now = new Date(),
): Promise<'finished' | 'done-before' | 'not-found'> {
  const found = await findRecurringImport(deps.db, job.npoId, job.importId);
  const npo = found ? await findNpo(deps.db, found.npoId) : null;
  if (!found || !npo) return 'not-found';
  if (found.status === 'finished' || found.status === 'failed') return 'done-before';
  const outcome: RecurringImportOutcome = { processedRows: 0, results: [], failures: [...found.failures] };
  await markRecurringImportProgress(deps.db, found.id, 0);
  for (const r of found.rows) {
    const done = await importRow(deps, npo, r, now);
    if ('result' in done) outcome.results.push(done.result);
    else outcome.failures.push({ row: r.row, reason: done.failure });
    outcome.processedRows += 1;
    if (outcome.processedRows % PROGRESS_EVERY === 0) {
      await markRecurringImportProgress(deps.db, found.id, outcome.processedRows);
    }
  }
  outcome.failures.sort((a, b) => a.row - b.row);
  await finish(deps.db, found, npo, outcome);
  return 'finished';
}

export async function runRecurringImportJob(deps: RecurringImportDeps, job: RecurringImportJob): Promise<void> {
  try {
    await runRecurringImport(deps, job);
  } catch (error) {
    if (!cannotSucceedOnRetry(error)) throw error;
    await markRecurringImportFailed(deps.db, job.importId, GAVE_UP);
  }
}

/** Registers the worker; the returned function enqueues the import's one run. */
export function registerRecurringImports(jobs: Jobs, deps: RecurringImportDeps): RecurringImportStarter {
  jobs.register(recurringImportGaveUpQueue, async (data) => {
    await markRecurringImportFailed(deps.db, data.importId, GAVE_UP);
  });
  jobs.register(recurringImportQueue, async (data) => {
    await runRecurringImportJob(deps, data);
  });
  return async (job) => {
    await jobs.send(recurringImportQueue, job, { key: `recurring-import-${job.importId}` });
  };
}
