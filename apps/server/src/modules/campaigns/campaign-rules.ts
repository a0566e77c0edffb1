import { GUARDED_ROUTES, PUBLIC_PATTERNS, PUBLIC_ROUTES } from '@kindling/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TCampaignInput } from './campaigns.schemas.ts';

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * /{campaign_url} shares the root with the app's own pages, so no campaign may take the first
 * segment of a route of the app, of the server, or of a public pattern (/raise, /pay…).
 */
export const RESERVED_CAMPAIGN_URLS: ReadonlySet<string> = new Set(
  [
    ...PUBLIC_ROUTES.map(firstSegment),
    ...PUBLIC_PATTERNS.map(firstSegment).filter((s) => !s.startsWith(':')),
    ...GUARDED_ROUTES.map((r) => firstSegment(r.path)),
    'api',
    'uploads',
    'cable',
    'assets',
    'healthz',
    'readyz',
    'metrics',
    'sandbox',
    'user',
    'favicon.ico',
    'robots.txt',
    'index.html',
  ].filter(Boolean),
);

const URL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
const CHOICE_TYPES = new Set(['dropdown', 'Radio', 'Checkbox']);

/** The rules zod cannot express alone; every broken rule is reported at once, by field. */
export function assertCampaignRules(input: TCampaignInput): void {
  const fields: Record<string, string> = {};
  const url = input.campaign_url;
  if (url.length < 3) fields.campaign_url = 'Use at least 3 characters for the campaign URL.';
  else if (!URL_PATTERN.test(url) || url.includes('--')) {
    fields.campaign_url =
      'Use lower-case letters, digits and single hyphens, starting and ending with a letter or digit.';
  } else if (RESERVED_CAMPAIGN_URLS.has(url))
    fields.campaign_url = `"${url}" is used by the app itself; choose another URL.`;
  if (!input.currencies.includes(input.currency))
    fields.currency = 'The default currency must be one of the offered currencies.';
  if (new Set(input.currencies).size !== input.currencies.length)
    fields.currencies = 'Each currency can be offered once.';
  if (input.status === 'active' && input.amounts.length === 0 && !input.user_amount_enable) {
    fields.amounts = 'An active campaign needs at least one amount or user amounts enabled.';
  }
  input.questions.forEach((q, i) => {
    if (CHOICE_TYPES.has(q.answer_type) && q.options.length === 0) {
      fields[`questions.${i}.options`] = 'Give this question at least one option.';
    }
  });
  if (input.starts_at && input.ends_at && new Date(input.ends_at) <= new Date(input.starts_at)) {
    fields.ends_at = 'The end must come after the start.';
  }
  const names = input.designations.map((d) => d.name.toLowerCase());
  if (new Set(names).size !== names.length) fields.designations = 'Each designation needs its own name.';
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, fields);
}
