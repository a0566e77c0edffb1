// Rendering an e-mail of a kind for one organisation: the campaign's receipt template, else the
// organisation's edited template, else the built-in default, filled with the merge values. Values
// are HTML-escaped in the HTML part and left as they are in the subject and the text part.
import type { TEmailKind, TMergeField } from '@kindling/contracts/email-template-rules.ts';
import Mustache from 'mustache';
import type { Tx } from '../../platform/db/tx.ts';
import { DEFAULT_TEMPLATES } from './default-templates.ts';
import { findEffectiveTemplate } from './email-templates.repository.ts';
import { plainTextOf } from './template-source.ts';

export type EmailKind = TEmailKind;
export type MergeField = TMergeField;
export type EmailValues = Partial<Record<MergeField, string>>;
export type RenderedEmail = { subject: string; html: string; text: string };
export type EmailTemplateSource = { subject: string; html: string; text: string };

export type RenderEmailInput = {
  npoId: number;
  campaignId?: number | null;
  kind: EmailKind;
  values: EmailValues;
};

const asIs = (value: unknown) => String(value);
// The five characters that matter in HTML text and quoted attributes; mustache's own escape also
// rewrites '/' and '=', which leaves links as https:&#x2F;&#x2F;… in the mail source.
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * What a field says when the sender has no value for it, so "Dear {{donor_first_name}}," still
 * reads well for a gift without a name. Every other missing field renders as nothing.
 */
export const VALUE_FALLBACKS: EmailValues = { donor_first_name: 'friend', donor_name: 'friend' };

function withFallbacks(values: EmailValues): EmailValues {
  const view: EmailValues = { ...values };
  for (const [field, fallback] of Object.entries(VALUE_FALLBACKS) as Array<[MergeField, string]>) {
    if (!view[field]?.trim()) view[field] = fallback;
  }
  return view;
}

/** The default templates' plain text, derived once. */
const defaultTexts = new Map<EmailKind, string>();

export function defaultTemplate(kind: EmailKind): EmailTemplateSource {
  const { subject, html } = DEFAULT_TEMPLATES[kind];
  let text = defaultTexts.get(kind);
  if (text === undefined) {
    text = plainTextOf(html);
    defaultTexts.set(kind, text);
  }
  return { subject, html, text };
}

/** Whether the organisation saved its own template of a kind (not only the built-in default). */
export async function hasOwnTemplate(db: Tx, npoId: number, kind: EmailKind): Promise<boolean> {
  return (await findEffectiveTemplate(db, npoId, kind, null)) !== null;
}

/** The template that applies: campaign (receipts only) → organisation → default. */
export async function effectiveTemplate(
  db: Tx,
  npoId: number,
  kind: EmailKind,
  campaignId: number | null,
): Promise<EmailTemplateSource & { source: 'campaign' | 'organisation' | 'default'; updatedAt: Date | null }> {
  const stored = await findEffectiveTemplate(db, npoId, kind, kind === 'receipt' ? campaignId : null);
  if (!stored) return { ...defaultTemplate(kind), source: 'default', updatedAt: null };
  const { subject, html, text, updatedAt } = stored;
  return { subject, html, text, updatedAt, source: stored.campaignId === null ? 'organisation' : 'campaign' };
}

/**
 * Fills a template. The body's HTML is a fragment (wrap it with emailDocument); a missing value
 * renders as nothing. A fresh Writer per call: mustache's shared cache would keep every template
 * ever rendered.
 */
export function fillTemplate(template: EmailTemplateSource, values: EmailValues): RenderedEmail {
  const writer = new Mustache.Writer();
  const view = withFallbacks(values);
  return {
    subject: writer.render(template.subject, view, undefined, { escape: asIs }).replace(/\s+/g, ' ').trim(),
    html: writer.render(template.html, view, undefined, { escape: escapeHtml }),
    text: writer.render(template.text, view, undefined, { escape: asIs }),
  };
}

/** A body fragment as a whole HTML e-mail. */
export function emailDocument(bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${bodyHtml}</body></html>`;
}

/** The e-mail body of a kind (HTML as a fragment), for senders that add a fixed part of their own. */
export async function renderEmailBody(db: Tx, input: RenderEmailInput): Promise<RenderedEmail> {
  const template = await effectiveTemplate(db, input.npoId, input.kind, input.campaignId ?? null);
  return fillTemplate(template, input.values);
}

/** The subject, the HTML e-mail and its plain text, ready to send (docs/product/receipts.md#e-mail-templates). */
export async function renderEmail(db: Tx, input: RenderEmailInput): Promise<RenderedEmail> {
  const body = await renderEmailBody(db, input);
  return { ...body, html: emailDocument(body.html) };
}
