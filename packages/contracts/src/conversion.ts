import { z } from 'zod';
import { FUNNEL_EVENTS, REMINDER_DELAYS, TRIBUTE_TYPES } from './conversion-rules.ts';
import { DONOR_MESSAGES } from './donor-messages.ts';

export * from './conversion-rules.ts';

/**
 * Conversion features of the public form and what staff see of them
 * (docs/product/donation-form.md#conversion, docs/decisions/037-conversion-features.md).
 */

// The donor's e-mail as the donor form checks it (donation-choice.ts imports this module, so not from there).
const ZDonorEmail = z.string().trim().toLowerCase().email(DONOR_MESSAGES.emailInvalid).max(254);

const text = (max: number, label: string) => z.string().trim().max(max, `${label} can be at most ${max} characters`);

/** A gift in honour or in memory of someone, with an optional e-card to a named recipient. */
export const ZTribute = z
  .object({
    type: z.enum(TRIBUTE_TYPES, { error: 'Choose in honour of or in memory of' }),
    honoree_name: text(100, 'The name').min(1, 'Enter the name of the person the gift honours'),
    recipient_name: text(100, 'The recipient’s name').optional().default(''),
    recipient_email: z
      .union([
        z.literal(''),
        z.string().trim().toLowerCase().email('Enter a valid email address for the e-card').max(254),
      ])
      .optional()
      .default(''),
    message: text(300, 'The message').optional().default(''),
  })
  .refine((t) => !t.recipient_email || t.recipient_name, {
    message: 'Enter the name of the person who receives the e-card',
    path: ['recipient_name'],
  });
export type TTribute = z.output<typeof ZTribute>;

/** A tribute as recorded with a donation (staff donation page). */
export const ZTributeRecord = z.object({
  type: z.enum(TRIBUTE_TYPES),
  honoree_name: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  message: z.string(),
});

/** POST /npo_admin/funnel_event (navigator.sendBeacon: the body may arrive as text). */
export const ZFunnelBeacon = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.object({
    campaign_id: z.coerce.number().int().positive('Name the campaign'),
    event: z.enum(FUNNEL_EVENTS, { error: 'Unknown funnel step' }),
  }),
);

/** POST /npo_admin/remind_me: one reminder e-mail after the chosen delay. */
export const ZReminderRequest = z.object({
  campaign_id: z.coerce.number().int().positive('Name the campaign'),
  email: ZDonorEmail,
  first_name: text(100, 'The first name').optional().default(''),
  delay: z.enum(REMINDER_DELAYS, { error: 'Choose tomorrow or in a week' }),
});
export const ZReminderResponse = z.object({ due_at: z.string() });

/** POST /npo_admin/checkout_started: only sent when the donor ticked the consent box. */
export const ZCheckoutStarted = z.object({
  campaign_id: z.coerce.number().int().positive('Name the campaign'),
  email: ZDonorEmail,
  first_name: text(100, 'The first name').optional().default(''),
  last_name: text(100, 'The last name').optional().default(''),
  amount: z.coerce.number().int().positive('Enter the amount').max(999_999_999_999),
  currency: z.string().trim().toUpperCase().length(3, 'Use a three-letter currency code'),
  interval: z.string().trim().max(20).optional().default('once'),
  consent: z.literal(true, { error: 'Abandoned gifts are kept only with the donor’s consent' }),
});

export const ZUnsubscribeRequest = z.object({ token: z.string().trim().min(16).max(100) });

export const ZFunnelDay = z.object({
  day: z.string(),
  views: z.number().int(),
  step1: z.number().int(),
  payment: z.number().int(),
  gifts: z.number().int(),
});
export const ZCampaignConversion = z.object({
  time_zone: z.string(),
  days: z.array(ZFunnelDay),
  totals: ZFunnelDay.omit({ day: true }),
  upsell: z.object({ offered: z.number().int(), accepted: z.number().int() }),
  abandoned: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      amount_minor: z.number().int(),
      currency: z.string(),
      interval: z.string(),
      started_at: z.string(),
    }),
  ),
});
export type TCampaignConversion = z.infer<typeof ZCampaignConversion>;
export const ZConversionQuery = z.object({
  days: z.coerce.number().int().min(1, 'Show at least one day').max(366, 'Show at most 366 days').default(30),
});
