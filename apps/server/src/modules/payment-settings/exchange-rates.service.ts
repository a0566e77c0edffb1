// /exchange-rates (docs/product/payments.md#exchange-rates): the rates that convert gifts into the
// organisation's base currency, manual rates for a period, and the daily fetch's state. Gifts are
// converted by donations' convertToBase, which reads the same rows in the same order.
import {
  PAYMENT_SETTINGS_MESSAGES,
  type TExchangeRatesResponse,
  type TManualRate,
  type TManualRateRequest,
  type TRateFetch,
  type ZManualRateRequest,
} from '@kindling/contracts';
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { CurrencyFactors } from '../campaigns/index.ts';
import {
  describePath,
  exchangeRates,
  type RateRow,
  ratePath,
  usableRates,
  usableRatesJson,
} from '../donations/index.ts';
import { npos } from '../organisations/index.ts';
import type { Actor } from './payment-methods.service.ts';
import { exchangeRateFetches } from './payment-settings.tables.ts';
import { fetchReferenceRates } from './reference-rates.ts';

export type ExchangeRatesDeps = { db: Db; config: Config };
type ManualRate = z.output<typeof ZManualRateRequest>;

const HISTORY = 20;

const toFetch = (row: typeof exchangeRateFetches.$inferSelect): TRateFetch => ({
  status: row.status,
  fetched_at: row.fetchedAt.toISOString(),
  rates_date: row.ratesDate,
  rates_count: row.ratesCount,
  error: row.error,
});

async function baseCurrencyOf(db: Db, npoId: number): Promise<string> {
  const [npo] = await db.select({ base: npos.baseCurrency }).from(npos).where(eq(npos.id, npoId));
  if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
  return npo.base;
}

export async function getExchangeRates(
  { db, config }: ExchangeRatesDeps,
  npoId: number,
): Promise<TExchangeRatesResponse> {
  const base = await baseCurrencyOf(db, npoId);
  const rows = await usableRates(db, npoId, null);
  const currencies = [...new Set(rows.flatMap((r) => [r.from_currency, r.to_currency]))]
    .filter((c) => c !== base)
    .sort();
  const current = currencies.flatMap((currency) => {
    const path = ratePath(rows, currency, base);
    if (!path) return [];
    const { rate, source, asOf } = describePath(path);
    return [{ currency, rate: rate.toFixed(8), source, as_of: asOf }];
  });
  const manual = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.npoId, npoId), eq(exchangeRates.source, 'manual')))
    .orderBy(desc(exchangeRates.asOf), desc(exchangeRates.id));
  const fetches = await db.select().from(exchangeRateFetches).orderBy(desc(exchangeRateFetches.id)).limit(HISTORY);
  const [lastGood] = await db
    .select()
    .from(exchangeRateFetches)
    .where(eq(exchangeRateFetches.status, 'ok'))
    .orderBy(desc(exchangeRateFetches.id))
    .limit(1);
  return {
    base_currency: base,
    source_url: config.EXCHANGE_RATES_URL,
    current,
    manual: manual.map(
      (r): TManualRate => ({
        id: r.id,
        currency: r.fromCurrency,
        base_currency: r.toCurrency,
        rate: String(Number(r.rate)),
        source: 'manual',
        valid_from: r.asOf,
        valid_to: r.validTo,
        created_at: r.createdAt.toISOString(),
      }),
    ),
    last_fetch: fetches[0] ? toFetch(fetches[0]) : null,
    last_good_fetch: lastGood ? toFetch(lastGood) : null,
    history: fetches.map(toFetch),
  };
}

const refuse = (field: string, message: string, code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED') =>
  new AppError(code, message, { [field]: message });

export async function addManualRate(
  deps: ExchangeRatesDeps,
  { session, ip }: Actor,
  input: ManualRate | TManualRateRequest,
): Promise<TExchangeRatesResponse> {
  const npoId = session.selectedNpoId;
  const rate = input as ManualRate;
  await deps.db.transaction(async (tx) => {
    // One manual rate per currency and day: concurrent additions for the same currency queue here.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`manual-rate:${npoId}:${rate.currency}`}))`);
    const [npo] = await tx.select({ base: npos.baseCurrency }).from(npos).where(eq(npos.id, npoId));
    if (!npo) throw new AppError('NOT_FOUND', 'Organisation not found.');
    if (rate.currency === npo.base) throw refuse('currency', PAYMENT_SETTINGS_MESSAGES.sameCurrency);
    const [overlap] = await tx
      .select({ id: exchangeRates.id })
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.npoId, npoId),
          eq(exchangeRates.source, 'manual'),
          eq(exchangeRates.fromCurrency, rate.currency),
          lte(exchangeRates.asOf, rate.valid_to),
          or(isNull(exchangeRates.validTo), gte(exchangeRates.validTo, rate.valid_from)),
        ),
      )
      .limit(1);
    if (overlap) throw refuse('valid_from', PAYMENT_SETTINGS_MESSAGES.overlap, 'CONFLICT');
    const [row] = await tx
      .insert(exchangeRates)
      .values({
        npoId,
        fromCurrency: rate.currency,
        toCurrency: npo.base,
        rate: String(rate.rate),
        asOf: rate.valid_from,
        validTo: rate.valid_to,
        source: 'manual',
        createdBy: session.user.id,
      })
      .returning({ id: exchangeRates.id });
    await recordAudit(tx, {
      npoId,
      actorUserId: session.user.id,
      action: 'exchange_rates.manual_added',
      targetType: 'exchange_rate',
      targetId: row?.id ?? null,
      data: { currency: rate.currency, base: npo.base, rate: rate.rate, from: rate.valid_from, to: rate.valid_to },
      ip,
    });
  });
  return getExchangeRates(deps, npoId);
}

export async function deleteManualRate(
  deps: ExchangeRatesDeps,
  { session, ip }: Actor,
  id: number,
): Promise<TExchangeRatesResponse> {
  const npoId = session.selectedNpoId;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(exchangeRates)
      .where(and(eq(exchangeRates.id, id), eq(exchangeRates.npoId, npoId), eq(exchangeRates.source, 'manual')))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', PAYMENT_SETTINGS_MESSAGES.rateNotFound);
    await recordAudit(tx, {
      npoId,
      actorUserId: session.user.id,
      action: 'exchange_rates.manual_removed',
      targetType: 'exchange_rate',
      targetId: id,
      data: { currency: row.fromCurrency, rate: row.rate, from: row.asOf, to: row.validTo },
      ip,
    });
  });
  return getExchangeRates(deps, npoId);
}

/** Fetch now (the page's button): the same fetch the daily job runs. */
export async function refreshRates(deps: ExchangeRatesDeps, npoId: number): Promise<TExchangeRatesResponse> {
  await fetchReferenceRates(deps.db, deps.config.EXCHANGE_RATES_URL);
  return getExchangeRates(deps, npoId);
}

/**
 * The organisation's rates for the public form's presets and limits per currency (decision 035):
 * the rows gifts are converted with (usableRates, ratePath), read inside the campaign's own
 * statement, and the factors (major units of each `to` per major unit of `from`) computed from them.
 */
export const currencyFactors: CurrencyFactors = {
  rowsJson: usableRatesJson,
  factors: (rows, from, to) => {
    const factors: Record<string, number> = {};
    for (const currency of to) {
      const path = ratePath(rows as RateRow[], from, currency);
      if (path) factors[currency] = describePath(path).rate;
    }
    return factors;
  },
};
