import { z } from 'zod';
import { ZTribute } from './conversion.ts';
import { DONOR_MESSAGES } from './donor-messages.ts';
import { addFeeCover } from './fee-cover.ts';
import { GIFT_AID_MESSAGES } from './gift-aid.ts';

/**
 * Pieces shared by the payment calls (docs/product/donation-form.md#step-2-payment and docs/product/payments.md#calls):
 * who gives, what they answered, and how they appear on the donor wall. Field names are the wire's, in snake case.
 */

const trimmed = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);
const optionalText = (max: number) => trimmed(max).optional().default('');

export { DONOR_MESSAGES };

export const ZDonorEmail = z.string().trim().toLowerCase().email(DONOR_MESSAGES.emailInvalid).max(254);

/** The postcode arrives as postal_code, or as zip on the return path and in create_order. */
export const readZip = (value: unknown): unknown => {
  if (!value || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  return v.postal_code === undefined && v.zip !== undefined ? { ...v, postal_code: v.zip } : value;
};

/** Address fields (all optional: collect_address decides whether the form asks). */
export const ZAddressFields = z.object({
  address: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  /** ISO 3166-1 alpha-2 where the address picker knows it, else the country's name. */
  country: optionalText(100),
});

/**
 * Card details sub-step: first name, last name and email are required (docs/product/donation-form.md#step-2-payment).
 */
export const ZDonorFields = ZAddressFields.extend({
  first_name: z
    .string({ error: DONOR_MESSAGES.firstNameRequired })
    .trim()
    .min(1, DONOR_MESSAGES.firstNameRequired)
    .max(100),
  last_name: z
    .string({ error: DONOR_MESSAGES.lastNameRequired })
    .trim()
    .min(1, DONOR_MESSAGES.lastNameRequired)
    .max(100),
  email: ZDonorEmail,
});
export type TDonorFields = z.output<typeof ZDonorFields>;

/**
 * Answers to the campaign's questions: question id → text, or the chosen options of a Checkbox
 * question. The return path carries them as a JSON string, which is accepted too.
 */
export const ZAnswers = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value ?? {};
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .record(
      z.string(),
      z.union([z.string().trim().max(2000), z.array(z.string().trim().max(200)).max(50)], {
        error: DONOR_MESSAGES.answersInvalid,
      }),
    )
    .refine((answers) => Object.keys(answers).every((key) => /^\d+$/.test(key)), {
      message: 'Answers are keyed by question id',
    })
    .refine((answers) => Object.keys(answers).length <= 50, { message: 'Too many answers' }),
);
export type TAnswers = z.output<typeof ZAnswers>;

export type TDonorWallFlags = {
  add_to_donor_wall: boolean;
  first_name_only_to_donor_wall: boolean;
  show_amount_on_donor_wall: boolean;
  show_comment_on_donor_wall: boolean;
};

/**
 * The donor-wall rule in docs/product/donation-form.md#donor-wall: the three sub-options only mean something while the
 * donor is on the wall, so turning the wall off turns all three off.
 */
export function normaliseDonorWall<T extends TDonorWallFlags>(flags: T): T {
  if (flags.add_to_donor_wall) return flags;
  return {
    ...flags,
    first_name_only_to_donor_wall: false,
    show_amount_on_donor_wall: false,
    show_comment_on_donor_wall: false,
  };
}

/** Accepts booleans and the 'true'/'false' strings of the return-path query. */
export const ZFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' || v == null ? false : v),
  z.boolean(),
);

/** The donor's choices beyond amount and payment, as every saving call sends them. */
export const ZDonationChoiceFields = z.object({
  /** A designation id of the campaign; null or absent for none. */
  designation: z.preprocess(
    (v) => (v === '' || v === 'null' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number().int().positive().nullable().default(null),
  ),
  comment: optionalText(2000),
  answers: ZAnswers.default({}),
  add_to_donor_wall: ZFlag.default(false),
  first_name_only_to_donor_wall: ZFlag.default(false),
  show_amount_on_donor_wall: ZFlag.default(false),
  show_comment_on_donor_wall: ZFlag.default(false),
  create_donor_account: ZFlag.default(false),
  gift_aid: ZFlag.default(false),
  /** Part of the amount the donor added with 'Support Our Work' (minor units); 0 without fee cover. */
  included_fees: z.coerce.number().int().min(0).default(0),
  // conv15: a tribute gift (docs/product/donation-form.md#conversion); JSON text on the return path.
  tribute: z.preprocess(
    (v) => (v === '' || v === 'null' ? null : typeof v === 'string' ? safeJson(v) : v),
    ZTribute.nullable().default(null),
  ),
});

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * True when `feeMinor` is exactly the fee cover of the rest of `totalMinor` (or zero). The server
 * checks this, because the browser tells it how the provider's amount splits into gift and fee.
 */
export function feeCoverMatches(totalMinor: number, feeMinor: number): boolean {
  if (!Number.isSafeInteger(totalMinor) || !Number.isSafeInteger(feeMinor)) return false;
  if (feeMinor === 0) return true;
  if (feeMinor < 0 || feeMinor > totalMinor) return false;
  return addFeeCover(totalMinor - feeMinor).totalMinor === totalMinor;
}

type TIssue = { path: string[]; message: string };

/** Gift Aid needs a home address and postcode (docs/product/receipts.md#gift-aid). */
export function giftAidIssues(v: { gift_aid: boolean; address: string; postal_code: string }): TIssue[] {
  if (!v.gift_aid) return [];
  const issues: TIssue[] = [];
  if (!v.address) issues.push({ path: ['address'], message: GIFT_AID_MESSAGES.addressRequired });
  if (!v.postal_code) issues.push({ path: ['postal_code'], message: GIFT_AID_MESSAGES.postcodeRequired });
  return issues;
}
