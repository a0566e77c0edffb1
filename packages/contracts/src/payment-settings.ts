import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import { DONATION_METHODS, methodSettingsProblem } from './donation-method-rules.ts';
import { ZExchangeRate } from './money.ts';

export * from './donation-method-rules.ts';

// /stripe-methods and /exchange-rates (docs/product/payments.md#payment-methods and
// #exchange-rates), under /api/v1/payment_settings. The organisation always comes from the session.

export const PAYMENT_SETTINGS_MESSAGES = {
  method: 'Choose card, apple_pay, google_pay, bank_debit or paypal.',
  methodTwice: 'Each method can be listed once.',
  rate: 'Enter the rate as a decimal number, like 1.1650.',
  dates: 'The end date must be on or after the start date.',
  date: 'Enter a date as YYYY-MM-DD.',
  sameCurrency: 'A rate converts another currency into your base currency; choose a currency other than the base.',
  overlap: 'Another manual rate for this currency already covers part of these dates.',
  rateNotFound: 'Exchange rate not found.',
  campaignNotFound: 'Campaign not found.',
  peerCampaign: 'A fundraiser page uses its parent campaign’s payment methods.',
} as const;

export const ZDonationMethod = z.enum(DONATION_METHODS, { error: PAYMENT_SETTINGS_MESSAGES.method });

export const ZDonationMethods = z
  .array(ZDonationMethod)
  .max(DONATION_METHODS.length)
  .refine((list) => new Set(list).size === list.length, PAYMENT_SETTINGS_MESSAGES.methodTwice)
  .superRefine((list, ctx) => {
    const problem = methodSettingsProblem(list);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /payment_settings/methods and PUT /payment_settings/campaigns/{id}/methods. */
export const ZMethodsRequest = z.object({ methods: ZDonationMethods });
export type TMethodsRequest = z.input<typeof ZMethodsRequest>;

export const ZMethodCapability = z.object({
  method: ZDonationMethod,
  label: z.string(),
  /** The provider that takes the method in this organisation now; null: none connected for it. */
  provider: z.enum(['stripe', 'paypal', 'sandbox']).nullable(),
  /** The provider's currencies for this method (empty: not supported). */
  currencies: z.array(z.string()),
  /** Switched on in the organisation's setting. */
  enabled: z.boolean(),
});

export const ZCampaignMethodsOverride = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  status: z.string(),
  /** null: follows the organisation. */
  methods: z.array(ZDonationMethod).nullable(),
});

/** GET /payment_settings/methods */
export const ZMethodsResponse = z.object({
  methods: z.array(ZMethodCapability),
  /** Campaigns (not fundraiser pages) with whether they override the organisation's setting. */
  campaigns: z.array(ZCampaignMethodsOverride),
});
export type TMethodsResponse = z.infer<typeof ZMethodsResponse>;
export type TMethodCapability = z.infer<typeof ZMethodCapability>;
export type TCampaignMethodsOverride = z.infer<typeof ZCampaignMethodsOverride>;

const isDay = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const ZDay = z.iso.date({ error: PAYMENT_SETTINGS_MESSAGES.date });

/** POST /payment_settings/exchange_rates: a manual rate, 1 currency = rate base currency, for a period. */
export const ZManualRateRequest = z
  .object({
    currency: ZCurrencyCode,
    rate: z.string({ error: PAYMENT_SETTINGS_MESSAGES.rate }).pipe(ZExchangeRate),
    valid_from: ZDay,
    valid_to: ZDay,
  })
  // Compared only when both are dates: a bad date has its own message already.
  .refine((v) => !(isDay(v.valid_from) && isDay(v.valid_to)) || v.valid_to >= v.valid_from, {
    message: PAYMENT_SETTINGS_MESSAGES.dates,
    path: ['valid_to'],
  });
export type TManualRateRequest = z.input<typeof ZManualRateRequest>;

export const ZManualRate = z.object({
  id: z.number().int().positive(),
  /** One unit of `currency` is worth `rate` units of `base_currency`. */
  currency: z.string(),
  base_currency: z.string(),
  rate: z.string(),
  source: z.literal('manual'),
  valid_from: z.string(),
  /** Manual rates end; fetched ones hold until a newer one arrives. */
  valid_to: z.string().nullable(),
  created_at: z.string(),
});
export type TManualRate = z.infer<typeof ZManualRate>;

export const ZRateFetch = z.object({
  status: z.enum(['ok', 'failed']),
  fetched_at: z.string(),
  rates_date: z.string().nullable(),
  rates_count: z.number().int(),
  error: z.string().nullable(),
});
export type TRateFetch = z.infer<typeof ZRateFetch>;

/** What converts a gift in `currency` today: 1 currency = rate base currency. */
export const ZCurrentRate = z.object({
  currency: z.string(),
  rate: z.string(),
  source: z.enum(['manual', 'ecb', 'default']),
  /** The date of the rate (of the older one when it goes through a pivot currency). */
  as_of: z.string(),
});
export type TCurrentRate = z.infer<typeof ZCurrentRate>;

/** GET /payment_settings/exchange_rates */
export const ZExchangeRatesResponse = z.object({
  base_currency: z.string(),
  source_url: z.string(),
  /** What converts a gift in each currency today (manual, else fetched, else the platform default). */
  current: z.array(ZCurrentRate),
  /** The organisation's manual rates, past periods included, newest first. */
  manual: z.array(ZManualRate),
  /** The last fetch attempt and the last successful one (the rates in use when the latest failed). */
  last_fetch: ZRateFetch.nullable(),
  last_good_fetch: ZRateFetch.nullable(),
  /** Recent fetch attempts, newest first. */
  history: z.array(ZRateFetch),
});
export type TExchangeRatesResponse = z.infer<typeof ZExchangeRatesResponse>;
