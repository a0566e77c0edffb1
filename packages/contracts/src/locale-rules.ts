// Zod-free: the server's calendar and the web app's forms import this module directly.
/**
 * An organisation's time zone and locale (decision 027): the zone cuts its days, months and giving
 * years; the locale writes its dates, amounts and numbers.
 */

export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_LOCALE = 'en-US';

let zones: Set<string> | null = null;

/** The IANA time zone names this runtime knows, UTC first. */
export function timeZoneNames(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
}

/** Whether `zone` is an IANA time zone name this runtime knows ('UTC' included). */
export function isTimeZone(zone: string): boolean {
  zones ??= new Set(timeZoneNames());
  return zones.has(zone);
}

/** The canonical form of a BCP 47 tag Intl can format with ('en-gb' → 'en-GB'), or null. */
export function canonicalLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical || Intl.DateTimeFormat.supportedLocalesOf([canonical]).length === 0) return null;
    return canonical;
  } catch {
    return null;
  }
}
