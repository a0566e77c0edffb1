import { z } from 'zod';

/**
 * E-mail marketing (docs/product/crm-email-marketing.md): campaign e-mails to a segment or list,
 * sent through the job queue one row per recipient, with unsubscribe, tracking and results.
 */

export const MARKETING_EMAIL_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type TMarketingEmailStatus = (typeof MARKETING_EMAIL_STATUSES)[number];
export const MARKETING_EMAIL_STATUS_LABELS: Record<TMarketingEmailStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** The merge fields a marketing e-mail may use: it is about a contact, not a gift. */
export const MARKETING_MERGE_FIELDS = ['donor_first_name', 'donor_name', 'organisation_name'] as const;

export const MARKETING_MESSAGES = {
  notFound: 'E-mail not found.',
  name: 'Enter a name for this e-mail (up to 120 characters).',
  subject: 'Enter a subject (up to 200 characters).',
  preheader: 'Keep the preview text under 200 characters.',
  fromName: 'Enter the sender name (up to 100 characters).',
  replyTo: 'Enter a valid reply-to e-mail address, or leave it empty.',
  body: 'Write the message (up to 200,000 characters).',
  text: 'Keep the plain-text part under 200,000 characters.',
  segment: 'Choose the segment or list to send to.',
  segmentNotFound: 'Segment not found.',
  mergeField: 'Use only these merge fields: {{donor_first_name}}, {{donor_name}}, {{organisation_name}}.',
  notEditable: 'Only a draft or a scheduled e-mail can be changed.',
  notSendable: 'This e-mail has already been sent or is sending.',
  notScheduled: 'Only a scheduled e-mail can be cancelled.',
  notDraft: 'Only a draft can be deleted.',
  scheduledAt: 'Choose a time in the future.',
  testEmail: 'Enter the e-mail address to send the test to.',
  throttle: 'Enter between 10 and 100,000 e-mails a minute.',
  attributionDays: 'Enter between 1 and 90 days.',
  noRecipients: 'No one in this segment can receive e-mail: no address, opted out or suppressed.',
} as const;

const trimmed = (max: number, message: string) => z.string().trim().max(max, message);

export const ZMarketingEmailInput = z.object({
  name: trimmed(120, MARKETING_MESSAGES.name).min(1, MARKETING_MESSAGES.name),
  subject: trimmed(200, MARKETING_MESSAGES.subject).min(1, MARKETING_MESSAGES.subject),
  preheader: trimmed(200, MARKETING_MESSAGES.preheader).default(''),
  from_name: trimmed(100, MARKETING_MESSAGES.fromName).min(1, MARKETING_MESSAGES.fromName),
  reply_to: z
    .string()
    .trim()
    .max(254, MARKETING_MESSAGES.replyTo)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, MARKETING_MESSAGES.replyTo)
    .default(''),
  html: z.string().max(200_000, MARKETING_MESSAGES.body).min(1, MARKETING_MESSAGES.body),
  /** The plain-text part; empty: derived from the HTML. */
  text: z.string().max(200_000, MARKETING_MESSAGES.text).default(''),
  segment_id: z.number({ message: MARKETING_MESSAGES.segment }).int().positive(MARKETING_MESSAGES.segment),
});
export type TMarketingEmailInput = z.input<typeof ZMarketingEmailInput>;

export const ZMarketingSendInput = z.object({
  /** null or absent: now. */
  scheduled_at: z.string().datetime({ offset: true, message: MARKETING_MESSAGES.scheduledAt }).nullish(),
});

export const ZMarketingTestInput = z.object({
  email: z.string().trim().email(MARKETING_MESSAGES.testEmail),
});

export const ZMarketingResults = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  skipped: z.number().int(),
  interrupted: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  gifts: z.number().int(),
  revenue_minor: z.number().int(),
  currency: z.string(),
  attribution_days: z.number().int(),
});
export type TMarketingResults = z.infer<typeof ZMarketingResults>;

export const ZMarketingEmail = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  from_name: z.string(),
  reply_to: z.string(),
  html: z.string(),
  text: z.string(),
  segment_id: z.number().int().nullable(),
  segment_name: z.string().nullable(),
  status: z.enum(MARKETING_EMAIL_STATUSES),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
  results: ZMarketingResults,
});
export type TMarketingEmail = z.infer<typeof ZMarketingEmail>;

export const ZMarketingEmailList = z.object({ emails: z.array(ZMarketingEmail) });

export const ZMarketingSettings = z.object({
  track_opens: z.boolean(),
  track_clicks: z.boolean(),
  throttle_per_minute: z.number().int().min(10, MARKETING_MESSAGES.throttle).max(100_000, MARKETING_MESSAGES.throttle),
  attribution_days: z
    .number()
    .int()
    .min(1, MARKETING_MESSAGES.attributionDays)
    .max(90, MARKETING_MESSAGES.attributionDays),
});
export type TMarketingSettings = z.infer<typeof ZMarketingSettings>;

export const ZMarketingOverview = z.object({
  settings: ZMarketingSettings,
  totals: ZMarketingResults.omit({ attribution_days: true }),
  sent_count: z.number().int(),
  scheduled: z.array(
    ZMarketingEmail.pick({ id: true, name: true, subject: true, scheduled_at: true, segment_name: true }),
  ),
  recent: z.array(ZMarketingEmail),
  unsubscribed_contacts: z.number().int(),
  suppressed_addresses: z.number().int(),
});
export type TMarketingOverview = z.infer<typeof ZMarketingOverview>;
