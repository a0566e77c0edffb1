// Where a reward that ships is sent (docs/product/crowdfunding.md#rewards): asked before paying, for a gift
// and for an all-or-nothing pledge alike, and kept on the reward's claim for fulfilment.
import { z } from 'zod';
import { isCountryCode } from './organisation-profile.ts';

export const SHIPPING_MESSAGES = {
  required: (title: string) => `"${title}" is posted to you: please tell us where to send it.`,
  name: 'Enter the name to send it to.',
  line1: 'Enter the street address.',
  city: 'Enter the town or city.',
  postalCode: 'Enter the postcode or ZIP code.',
  zip: 'Enter a ZIP code such as 92501.',
  postcode: 'Enter a postcode such as SW1A 1AA.',
  country: 'Choose a country from the list.',
} as const;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const needed = (max: number, message: string) => text(max).min(1, message);

/** Countries whose addresses have no postcode; everywhere else one is needed. */
const NO_POSTCODE = new Set(['AE', 'AG', 'AO', 'BS', 'BZ', 'FJ', 'GH', 'HK', 'JM', 'QA', 'TT', 'UG', 'ZW']);
const US_ZIP = /^\d{5}(-\d{4})?$/;
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

export const ZShippingAddress = z
  .object({
    name: needed(200, SHIPPING_MESSAGES.name),
    line1: needed(200, SHIPPING_MESSAGES.line1),
    line2: text(200).default(''),
    city: needed(100, SHIPPING_MESSAGES.city),
    region: text(100).default(''),
    postal_code: text(20).default(''),
    country: z
      .string({ error: SHIPPING_MESSAGES.country })
      .trim()
      .toUpperCase()
      .refine((v) => isCountryCode(v), SHIPPING_MESSAGES.country),
  })
  .superRefine((a, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['postal_code'], message });
    if (a.country === 'US' && !US_ZIP.test(a.postal_code)) issue(SHIPPING_MESSAGES.zip);
    else if (a.country === 'GB' && !UK_POSTCODE.test(a.postal_code)) issue(SHIPPING_MESSAGES.postcode);
    else if (a.postal_code === '' && !NO_POSTCODE.has(a.country)) issue(SHIPPING_MESSAGES.postalCode);
  });
export type TShippingAddress = z.infer<typeof ZShippingAddress>;
export type TShippingAddressInput = z.input<typeof ZShippingAddress>;

/** One line for the staff list and the fulfilment CSV. */
export const shippingAddressLine = (a: TShippingAddress): string =>
  [a.name, a.line1, a.line2, a.city, a.region, a.postal_code, a.country].filter((part) => part !== '').join(', ');
