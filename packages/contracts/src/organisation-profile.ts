import { z } from 'zod';
import { ZOrganisationLocale, ZOrganisationTimeZone } from './account.ts';
import { isSupportedCurrency } from './currency-rules.ts';
import { isGivingYearStartMonth } from './giving-year-rules.ts';
import { MAX_AMOUNT_MINOR } from './money-rules.ts';

// The organisation profile (docs/product/organisation-profile.md): GET and PUT
// /npo_admin/organisation_profile, and the logo and signature uploads.

export const ORGANISATION_PROFILE_MESSAGES = {
  ein: 'Enter the EIN as nine digits, such as 12-3456789.',
  ukCharityNumber:
    'Enter a charity number such as 1234567 (England and Wales), SC012345 (Scotland) or NIC100002 (Northern Ireland).',
  hmrcReference: 'Enter the HMRC charity reference as letters and digits, such as AB12345.',
  country: 'Choose a country from the list.',
  currency: 'Choose a currency from the list.',
  email: 'Enter a valid e-mail address, such as hello@example.org.',
  website: 'Enter a web address starting with https://, such as https://example.org.',
  month: 'Choose the month the fiscal year starts in.',
  goal: 'Enter a monthly goal of zero or more.',
  legalName: 'Enter the organisation’s registered legal name.',
  displayName: 'Enter the name donors see.',
  currencyConfirm:
    'This organisation already has gifts. Changing the base currency changes how totals, goals and reports are converted from now on; gifts already recorded keep their amounts and rates. Confirm the change to go ahead.',
} as const;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
// Codes Intl names that are not countries (European Union, United Nations, pseudo-regions).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** The ISO 3166-1 alpha-2 countries the runtime knows by name, sorted by English name. */
export function countryOptions(): { code: string; name: string }[] {
  const options: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = NOT_COUNTRIES.has(code) ? undefined : regionNames.of(code);
      if (name) options.push({ code, name });
    }
  }
  return options.sort((x, y) => x.name.localeCompare(y.name));
}

export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;

/** 123456789 or 12-3456789 → 12-3456789; null when it is not nine digits. */
export function normaliseEin(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : null;
}

/** England and Wales (6–7 digits, a -N subsidiary suffix allowed), Scotland (SC + 6), NI (NIC + 6). */
export const isUkCharityNumber = (value: string): boolean =>
  /^(\d{6,7}(-\d{1,2})?|SC\d{6}|NIC\d{6})$/.test(value.replace(/\s/g, '').toUpperCase());

const optionalFormat = (max: number, ok: (v: string) => boolean, message: string) =>
  text(max).refine((v) => v === '' || ok(v), message);

export const ZOrganisationAddress = z.object({
  line1: text(200),
  line2: text(200),
  city: text(100),
  region: text(100),
  postcode: text(20),
});
export type TOrganisationAddress = z.infer<typeof ZOrganisationAddress>;

export const ZOrganisationProfileRequest = z
  .object({
    legal_name: text(200).min(1, ORGANISATION_PROFILE_MESSAGES.legalName),
    display_name: text(120).min(1, ORGANISATION_PROFILE_MESSAGES.displayName),
    address: ZOrganisationAddress,
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || isCountryCode(v), ORGANISATION_PROFILE_MESSAGES.country),
    ein: optionalFormat(20, (v) => normaliseEin(v) !== null, ORGANISATION_PROFILE_MESSAGES.ein).transform(
      (v) => normaliseEin(v) ?? v,
    ),
    uk_charity_number: optionalFormat(20, isUkCharityNumber, ORGANISATION_PROFILE_MESSAGES.ukCharityNumber).transform(
      (v) => v.replace(/\s/g, '').toUpperCase(),
    ),
    hmrc_reference: optionalFormat(
      20,
      (v) => /^[A-Z]{1,3}\d{2,8}$/.test(v.replace(/\s/g, '').toUpperCase()),
      ORGANISATION_PROFILE_MESSAGES.hmrcReference,
    ).transform((v) => v.replace(/\s/g, '').toUpperCase()),
    other_tax_ids: text(500),
    website: optionalFormat(
      300,
      (v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v),
      ORGANISATION_PROFILE_MESSAGES.website,
    ),
    contact_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Use at most 254 characters.')
      .refine((v) => v === '' || z.string().email().safeParse(v).success, ORGANISATION_PROFILE_MESSAGES.email),
    base_currency: z.string().trim().toUpperCase().refine(isSupportedCurrency, ORGANISATION_PROFILE_MESSAGES.currency),
    fiscal_year_start_month: z.number().refine(isGivingYearStartMonth, ORGANISATION_PROFILE_MESSAGES.month),
    time_zone: ZOrganisationTimeZone,
    locale: ZOrganisationLocale,
    /** In minor units of the base currency. */
    monthly_goal: z
      .number()
      .int(ORGANISATION_PROFILE_MESSAGES.goal)
      .min(0, ORGANISATION_PROFILE_MESSAGES.goal)
      .max(MAX_AMOUNT_MINOR, 'The amount is too large.'),
    receipt_signatory_name: text(120),
    receipt_signatory_title: text(120),
    receipt_footer: text(1000),
    /** Required (true) to change the base currency once the organisation has a gift. */
    confirm_currency_change: z.boolean().optional(),
  })
  .strict();
export type TOrganisationProfileRequest = z.input<typeof ZOrganisationProfileRequest>;

export const ZOrganisationProfile = z.object({
  legal_name: z.string(),
  display_name: z.string(),
  logo_url: z.string().nullable(),
  address: ZOrganisationAddress,
  country: z.string(),
  ein: z.string(),
  uk_charity_number: z.string(),
  hmrc_reference: z.string(),
  other_tax_ids: z.string(),
  website: z.string(),
  contact_email: z.string(),
  base_currency: z.string(),
  fiscal_year_start_month: z.number().int(),
  time_zone: z.string(),
  locale: z.string(),
  monthly_goal: z.number().int(),
  receipt_signatory_name: z.string(),
  receipt_signatory_title: z.string(),
  receipt_signature_url: z.string().nullable(),
  receipt_footer: z.string(),
  /** Whether a gift is recorded: changing the base currency then needs confirm_currency_change. */
  has_gifts: z.boolean(),
});
export type TOrganisationProfile = z.infer<typeof ZOrganisationProfile>;

/** POST /npo_admin/organisation_profile/{logo|signature}: the stored image's URL. */
export const ZOrganisationImageResponse = z.object({ url: z.string() });
export type TOrganisationImageResponse = z.infer<typeof ZOrganisationImageResponse>;
export const ZOrganisationImageParams = z.object({ kind: z.enum(['logo', 'signature']) });
