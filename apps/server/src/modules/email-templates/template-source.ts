// A template as staff write it: the merge fields it may use, the HTML it may keep, and the
// plain-text part derived from it. Mustache is the template language; only plain `{{field}}`
// values and `{{#field}}…{{/field}}` / `{{^field}}…{{/field}}` blocks on known fields are allowed,
// so every value in the HTML part is escaped and no template can pull in anything else.
import {
  isMergeField,
  MERGE_FIELDS,
  REQUIRED_MERGE_FIELDS,
  type TEmailKind,
  type TMergeField,
  URL_MERGE_FIELDS,
} from '@kindling/contracts/email-template-rules.ts';
import { convert } from 'html-to-text';
import Mustache from 'mustache';
import { FORMATTED_TEXT_TAGS, htmlSanitiser } from '../../platform/security/html.ts';

type Token = [string, string, number, number, Token[]?];

export type TemplateProblems = Partial<Record<'subject' | 'html', string>>;

const FIELD_LIST = MERGE_FIELDS.join(', ');

function parse(template: string): Token[] | string {
  try {
    return new Mustache.Writer().parse(template) as Token[];
  } catch (error) {
    return `Check the merge fields: ${(error as Error).message}. Write each one as {{field_name}}.`;
  }
}

/** The first problem of a template's merge fields, or null; `fields` collects every field used. */
function problemOf(tokens: Token[], fields: Set<string>): string | null {
  for (const [type, value, , , children] of tokens) {
    if (type === 'text' || type === '!') continue;
    if (type === '>') return `{{> ${value}}} is not a merge field. Use one of: ${FIELD_LIST}.`;
    if (type === '=')
      return 'Changing the merge field delimiters is not supported. Write each field as {{field_name}}.';
    if (!isMergeField(value)) return `Unknown merge field {{${value}}}. Use one of: ${FIELD_LIST}.`;
    if (type === '&' || type === '{') return `Write {{${value}}} instead: merge fields are always escaped.`;
    fields.add(value);
    const inner = children ? problemOf(children, fields) : null;
    if (inner) return inner;
  }
  return null;
}

/** The fields a template uses, or the message saying what is wrong with them. */
export function mergeFieldsOf(template: string): { fields: Set<string> } | { problem: string } {
  const tokens = parse(template);
  if (typeof tokens === 'string') return { problem: tokens };
  const fields = new Set<string>();
  const problem = problemOf(tokens, fields);
  return problem ? { problem } : { fields };
}

// A link whose address is a URL merge field: the sanitiser only keeps real addresses, so the field
// stands in as a placeholder address while it runs. Editors may have percent-encoded the braces.
const URL_FIELD_HREF = /href\s*=\s*(["'])\s*(?:\{\{|%7B%7B)\s*([a-z_]+)\s*(?:\}\}|%7D%7D)\s*\1/gi;
const PLACEHOLDER = 'https://merge-field.invalid/';
const PLACEHOLDER_HREF = /href="https:\/\/merge-field\.invalid\/([a-z_]+)"/g;

/**
 * What a staff e-mail may keep (decision 023): text formatting and links; images only from https
 * addresses, since a mail client cannot load the app's own relative /uploads paths.
 */
const sanitiseEmailHtml = htmlSanitiser({
  tags: FORMATTED_TEXT_TAGS,
  href: /^(https?:\/\/|mailto:)[^\s<>"'\p{Cc}]*$/iu,
  imgSrc: /^https:\/\/[^\s<>"'\p{Cc}]*$/iu,
});

/** The HTML reduced to the allowed formatting; a link may point at {{portal_url}} or {{update_payment_url}}. */
export function sanitiseTemplateHtml(html: string): string {
  const marked = html.replace(URL_FIELD_HREF, (whole, _quote: string, field: string) =>
    (URL_MERGE_FIELDS as readonly string[]).includes(field) ? `href="${PLACEHOLDER}${field}"` : whole,
  );
  return sanitiseEmailHtml(marked).replace(PLACEHOLDER_HREF, 'href="{{$1}}"');
}

/** The plain-text part of a template's HTML: paragraphs as blank-line blocks, links as "text (address)". */
export function plainTextOf(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['(', ')'] } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

export type PreparedTemplate = { subject: string; html: string; text: string };

/**
 * A template ready to store: subject trimmed, HTML sanitised, plain text derived; or what is wrong
 * with it per part (subject, html): an unknown or unescaped merge field (checked before
 * sanitising, so the message names what the author wrote), or a body that lost the link its kind
 * must keep (checked after, so a link the sanitiser drops does not count).
 */
export function prepareTemplate(
  kind: TEmailKind,
  input: { subject: string; html: string },
): { template: PreparedTemplate } | { problems: TemplateProblems } {
  const problems: TemplateProblems = {};
  const subject = input.subject.replace(/\s+/g, ' ').trim();
  const inSubject = mergeFieldsOf(subject);
  if ('problem' in inSubject) problems.subject = inSubject.problem;
  const html = sanitiseTemplateHtml(input.html);
  const written = mergeFieldsOf(input.html);
  const kept = mergeFieldsOf(html);
  if ('problem' in written) problems.html = written.problem;
  else if ('problem' in kept) problems.html = kept.problem;
  else {
    const missing = REQUIRED_MERGE_FIELDS[kind].find((field) => !kept.fields.has(field));
    if (missing) problems.html = requiredMessage(missing);
  }
  if (problems.subject || problems.html) return { problems };
  return { template: { subject, html, text: plainTextOf(html) } };
}

function requiredMessage(field: TMergeField): string {
  const use = field === 'portal_url' ? 'see and manage their gifts' : 'update their payment method';
  return `This e-mail must keep the {{${field}}} link: donors use it to ${use}.`;
}
