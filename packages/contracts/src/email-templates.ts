import { z } from 'zod';
import { EMAIL_HTML_MAX, EMAIL_KINDS, EMAIL_SUBJECT_MAX } from './email-template-rules.ts';

// Staff-edited e-mail templates (docs/product/receipts.md#e-mail-templates): GET/PUT/DELETE
// /npo_admin/email_templates/:kind and /npo_admin/campaigns/:id/receipt_template, each with a POST …/preview of an
// unsaved draft.

export * from './email-template-rules.ts';

export const ZEmailKind = z.enum(EMAIL_KINDS, { error: 'Choose one of the e-mail kinds' });

export const ZEmailKindParams = z.object({ kind: ZEmailKind });
export const ZCampaignTemplateParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** What the editor saves (and previews). The server sanitises the HTML and checks the merge fields. */
export const ZEmailTemplateInput = z.object({
  subject: z
    .string({ error: 'Enter a subject' })
    .trim()
    .min(1, 'Enter a subject')
    .max(EMAIL_SUBJECT_MAX, `A subject has at most ${EMAIL_SUBJECT_MAX} characters`),
  html: z
    .string({ error: 'Write the message' })
    .max(EMAIL_HTML_MAX, `The message has at most ${EMAIL_HTML_MAX} characters of HTML`)
    .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, { message: 'Write the message' }),
});
export type TEmailTemplateInput = z.infer<typeof ZEmailTemplateInput>;

export const EMAIL_TEMPLATE_SOURCES = ['default', 'organisation', 'campaign'] as const;

/** A template as the editor reads it: the one that applies, and where it comes from. */
export const ZEmailTemplate = z.object({
  kind: ZEmailKind,
  /** Set on a campaign's receipt template route. */
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** 'campaign' only when the campaign has its own; otherwise what it falls back to. */
  source: z.enum(EMAIL_TEMPLATE_SOURCES),
  updated_at: z.string().nullable(),
  /** The signed-in role may save and reset it. */
  editable: z.boolean(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;
export const ZEmailTemplateResponse = z.object({ template: ZEmailTemplate });
export type TEmailTemplateResponse = z.infer<typeof ZEmailTemplateResponse>;

/** A draft rendered with sample values: the HTML is a whole document for a sandboxed frame. */
export const ZEmailPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TEmailPreview = z.infer<typeof ZEmailPreview>;
export const ZEmailPreviewResponse = z.object({ preview: ZEmailPreview });
export type TEmailPreviewResponse = z.infer<typeof ZEmailPreviewResponse>;
