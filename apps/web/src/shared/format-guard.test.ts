import { describe, expect, it } from 'vitest';

// Every date, amount and number on a staff screen is written through shared/format.ts, in the
// organisation's locale and on its calendar (decision 027). The public donation form (donate/)
// follows the donor's page and has its own rules; the public event page (event-page/) writes the
// event's times in the event's own time zone; the public crowdfunding and payment pages
// (crowdfunding-page/, pay-page/, team-page/) are public pages of the same kind, outside the staff app.
const sources = import.meta.glob(
  [
    '../**/*.{ts,tsx}',
    '!../donate/**',
    '!../event-page/**',
    '!../crowdfunding-page/**',
    '!../pay-page/**',
    '!../team-page/**',
    '!../**/*.test.{ts,tsx}',
    '!../test/**',
    '!../**/*.test-support.ts',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

const FORBIDDEN = /toLocale(Date|Time)?String\(|Intl\.(NumberFormat|DateTimeFormat)\(|formatMoney\(|'en-US'/;

/** Files that may, and why. */
const ALLOWED: Record<string, string> = {
  './format.ts': 'the formatting module itself',
  '../features/auth/components/OrganisationStep.tsx': 'reads the browser’s own time zone as the sign-up default',
  '../features/analysis/components/chart-format.ts': 'chart labels, built with the organisation’s locale it is given',
  './locales.ts': 'the list of locales an admin may choose',
};

describe('formatting on staff screens', () => {
  it('goes through shared/format.ts everywhere outside the public form', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offending = Object.entries(sources)
      .filter(([file, text]) => !(file in ALLOWED) && FORBIDDEN.test(text))
      .map(
        ([file, text]) =>
          `${file}: ${text
            .split('\n')
            .find((line) => FORBIDDEN.test(line))
            ?.trim()}`,
      );
    expect(offending).toEqual([]);
  });
});
