// A marketing e-mail's body as stored (sanitised like templates, merge fields of a contact only) and
// as sent to one recipient: preview text, tracked links, an open pixel, the unsubscribe link and the
// List-Unsubscribe headers of RFC 8058 (docs/product/crm-email-marketing.md#sending).
import { MARKETING_MERGE_FIELDS, MARKETING_MESSAGES, type TMarketingSettings } from '@kindling/contracts';
import { fillTemplate, mergeFieldsOf, plainTextOf, sanitiseTemplateHtml } from '../email-templates/index.ts';

export const UNSUBSCRIBE_PATH = '/api/v1/email/unsubscribe';
export const OPEN_PATH = '/api/v1/email/open';
export const CLICK_PATH = '/api/v1/email/click';

const ALLOWED = new Set<string>(MARKETING_MERGE_FIELDS);

/** The body ready to store, or the field message of what is wrong with it. */
export function prepareBody(input: {
  subject: string;
  html: string;
  text: string;
}): { html: string; text: string } | { problems: Partial<Record<'subject' | 'html' | 'text', string>> } {
  const problems: Partial<Record<'subject' | 'html' | 'text', string>> = {};
  const html = sanitiseTemplateHtml(input.html);
  for (const [part, value] of [
    ['subject', input.subject],
    ['html', input.html],
    ['text', input.text],
  ] as const) {
    const used = mergeFieldsOf(value);
    if ('problem' in used || [...used.fields].some((f) => !ALLOWED.has(f)))
      problems[part] = MARKETING_MESSAGES.mergeField;
  }
  if (!plainTextOf(html).trim() && !/<img\s/i.test(html)) problems.html = MARKETING_MESSAGES.body;
  if (Object.keys(problems).length > 0) return { problems };
  return { html, text: input.text.trim() ? input.text : plainTextOf(html) };
}

const LINK = /href="(https?:\/\/[^"]*)"/g;
const decode = (href: string) => href.replaceAll('&amp;', '&');
const escapeAttr = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The body's web links in order, as a click link's index names them. */
export const linksOf = (html: string): string[] => [...html.matchAll(LINK)].map((m) => decode(m[1] ?? ''));

export type SendTemplate = { subject: string; html: string; text: string; links: string[] };

/** The body with each web link as a numbered marker, made once per send rather than per recipient. */
export function sendTemplate(email: { subject: string; html: string; text: string; links: string[] }): SendTemplate {
  let n = 0;
  const html = email.html.replace(LINK, () => `href="%%LINK_${n++}%%"`);
  return { subject: email.subject, html, text: email.text, links: email.links };
}

export type Recipient = { token: string; email: string; first_name: string; last_name: string };
export type RenderOptions = {
  origin: string;
  organisationName: string;
  preheader: string;
  settings: Pick<TMarketingSettings, 'track_opens' | 'track_clicks'>;
};

export const unsubscribeUrl = (origin: string, token: string) => `${origin}${UNSUBSCRIBE_PATH}/${token}`;

/** One recipient's message: subject, HTML, plain text and the one-click unsubscribe headers. */
export function renderFor(t: SendTemplate, r: Recipient, o: RenderOptions) {
  const name = `${r.first_name} ${r.last_name}`.trim();
  const filled = fillTemplate(t, {
    donor_first_name: r.first_name,
    donor_name: name,
    organisation_name: o.organisationName,
  });
  const unsubscribe = unsubscribeUrl(o.origin, r.token);
  const body = filled.html.replace(/%%LINK_(\d+)%%/g, (_m, i: string) =>
    escapeAttr(o.settings.track_clicks ? `${o.origin}${CLICK_PATH}/${r.token}/${i}` : (t.links[Number(i)] ?? '')),
  );
  const preheader = o.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeAttr(o.preheader)}</div>`
    : '';
  const pixel = o.settings.track_opens
    ? `<img src="${escapeAttr(`${o.origin}${OPEN_PATH}/${r.token}`)}" width="1" height="1" alt="">`
    : '';
  const footer = unsubscribeFooter(unsubscribe, o.organisationName);
  return {
    subject: filled.subject,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${preheader}${body}${footer.html}${pixel}</body></html>`,
    text: `${filled.text}${footer.text}`,
    headers: footer.headers,
  };
}

/**
 * The unsubscribe footer (HTML and plain text) and the one-click headers of RFC 8058 every marketing
 * e-mail carries, campaign or automated (docs/product/crm-email-marketing.md#unsubscribe-and-tracking).
 */
export function unsubscribeFooter(unsubscribe: string, organisationName: string) {
  return {
    html: `<p style="font-size:12px;color:#6b7280">You receive this e-mail as a supporter of ${escapeAttr(
      organisationName,
    )}. <a href="${escapeAttr(unsubscribe)}">Unsubscribe</a></p>`,
    text: `\n\n--\nYou receive this e-mail as a supporter of ${organisationName}.\nUnsubscribe: ${unsubscribe}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
