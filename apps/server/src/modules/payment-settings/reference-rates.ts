// The daily reference rates (docs/product/payments.md#exchange-rates): the European Central Bank's
// eurofxref-daily.xml, or any source in the same format (EXCHANGE_RATES_URL). A failed fetch
// changes no rate: the last good ones stay in use and the failure is logged for the page.
import { isSupportedCurrency } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { exchangeRates } from '../donations/index.ts';
import { exchangeRateFetches } from './payment-settings.tables.ts';

export type ReferenceRates = { date: string; rates: Array<{ currency: string; rate: string }> };

/** Attribute value of `name` in one tag's text (ECB writes single quotes; double are accepted). */
const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*['"]([^'"]*)['"]`))?.[1];

/**
 * The euro reference rates of one day: <Cube time='YYYY-MM-DD'> holding
 * <Cube currency='USD' rate='1.0705'/> elements (1 EUR = rate currency). Only the first day is read
 * (the 90-day file lists newest first). Throws when the text is not in that shape.
 */
export function parseReferenceRates(xml: string): ReferenceRates {
  const day = xml.match(/<Cube\s[^>]*\btime\s*=\s*['"](\d{4}-\d{2}-\d{2})['"][^>]*>([\s\S]*?)<\/Cube>/);
  if (!day?.[1] || day[2] === undefined) throw new Error('The source sent no dated <Cube time=…> element.');
  const rates: ReferenceRates['rates'] = [];
  for (const [tag] of day[2].matchAll(/<Cube\s[^>]*>/g)) {
    const currency = attribute(tag, 'currency')?.toUpperCase();
    const rate = attribute(tag, 'rate');
    if (!currency || !rate) continue;
    if (!/^\d+(\.\d+)?$/.test(rate) || Number(rate) <= 0) throw new Error(`The rate for ${currency} is not a number.`);
    if (isSupportedCurrency(currency) && currency !== 'EUR') rates.push({ currency, rate });
  }
  if (rates.length === 0) throw new Error('The source listed no rates.');
  return { date: day[1], rates };
}

export type FetchOutcome = { status: 'ok'; date: string; count: number } | { status: 'failed'; error: string };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Fetches, parses and stores one day's rates; records the attempt either way. */
export async function fetchReferenceRates(
  db: Db,
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<FetchOutcome> {
  let parsed: ReferenceRates;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/xml, text/xml' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (!response.ok) throw new Error(`The source answered HTTP ${response.status}.`);
    parsed = parseReferenceRates(await response.text());
  } catch (error) {
    const message = describe(error);
    await db.insert(exchangeRateFetches).values({ sourceUrl: url, status: 'failed', error: message });
    return { status: 'failed', error: message };
  }
  await db.transaction(async (tx) => {
    // The same day fetched again replaces its rows rather than doubling them.
    await tx.delete(exchangeRates).where(and(eq(exchangeRates.source, 'ecb'), eq(exchangeRates.asOf, parsed.date)));
    await tx.insert(exchangeRates).values(
      parsed.rates.map((r) => ({
        npoId: null,
        fromCurrency: 'EUR',
        toCurrency: r.currency,
        rate: r.rate,
        asOf: parsed.date,
        source: 'ecb' as const,
      })),
    );
    await tx.insert(exchangeRateFetches).values({
      sourceUrl: url,
      status: 'ok',
      ratesDate: parsed.date,
      ratesCount: parsed.rates.length,
    });
  });
  return { status: 'ok', date: parsed.date, count: parsed.rates.length };
}
