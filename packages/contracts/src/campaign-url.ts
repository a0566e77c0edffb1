import { z } from 'zod';
import { GUARDED_ROUTES, PUBLIC_PATTERNS, PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './access.ts';

/**
 * A campaign's public address is /{campaign_url}, so a slug must never shadow one of our own
 * routes. The reserved words are the first segments of every route the app already serves, plus
 * the server's own prefixes that are not pages.
 */

const firstSegment = (path: string): string => path.split('/').filter(Boolean)[0] ?? '';

const SERVER_SEGMENTS = [
  'api',
  'sandbox',
  'uploads',
  'assets',
  'static',
  'cable',
  'metrics',
  'health',
  'webhooks',
  'embed',
  'user',
  'favicon',
  'robots',
  'sitemap',
  'well-known',
  'www',
  'null',
  'undefined',
  'new',
  'edit',
  // The donor portal from an e-mail link (/portal, /portal/<token>; decision 012).
  'portal',
  // A visitor confirming their request to fundraise from the e-mailed link (decision 023).
  'join-fundraiser',
];

export const RESERVED_CAMPAIGN_URLS: ReadonlySet<string> = new Set(
  [...PUBLIC_ROUTES, ...PUBLIC_PATTERNS, ...SIGNED_IN_ROUTES, ...GUARDED_ROUTES.map((r) => r.path)]
    .map(firstSegment)
    .filter((segment) => segment !== '' && !segment.startsWith(':'))
    .concat(SERVER_SEGMENTS)
    .map((segment) => segment.toLowerCase()),
);

export const isReservedCampaignUrl = (slug: string): boolean => RESERVED_CAMPAIGN_URLS.has(slug.trim().toLowerCase());

export const CAMPAIGN_URL_MIN = 3;
export const CAMPAIGN_URL_MAX = 80;

export const CAMPAIGN_URL_MESSAGES = {
  format: 'Use lowercase letters, digits and single hyphens, like spring-appeal',
  length: `Use ${CAMPAIGN_URL_MIN} to ${CAMPAIGN_URL_MAX} characters`,
  reserved: 'This address is used by the app itself. Choose another campaign URL.',
  /** Checked by the server, which knows the other campaigns. */
  taken: 'This campaign URL is already in use. Choose another.',
} as const;

/**
 * A campaign URL: trimmed and lower-cased, then lowercase letters, digits and single hyphens
 * between them, 3 to 80 characters, not a reserved word. Unique across the installation (server).
 */
export const ZCampaignUrl = z
  .string({ error: 'Enter a campaign URL' })
  .trim()
  .toLowerCase()
  .min(CAMPAIGN_URL_MIN, CAMPAIGN_URL_MESSAGES.length)
  .max(CAMPAIGN_URL_MAX, CAMPAIGN_URL_MESSAGES.length)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CAMPAIGN_URL_MESSAGES.format)
  .refine((slug) => !RESERVED_CAMPAIGN_URLS.has(slug), { message: CAMPAIGN_URL_MESSAGES.reserved });

/** A suggestion for the URL field from the campaign name: 'Spring Appeal 2026!' → 'spring-appeal-2026'. */
export function slugifyCampaignName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CAMPAIGN_URL_MAX)
    .replace(/-+$/, '');
}
