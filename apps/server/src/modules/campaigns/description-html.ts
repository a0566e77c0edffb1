/**
 * The campaign story is HTML from the staff editor, shown to every visitor of the crowdfunding
 * page: it is reduced to an allow-list of formatting tags before it is stored. Text between tags
 * is re-escaped, so a stray '<' can never open a tag; every attribute but a safe href, src and alt
 * is dropped.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'img',
  'span',
  'hr',
]);
const VOID_TAGS = new Set(['br', 'img', 'hr']);
/** Elements whose content is code or foreign markup, removed whole. */
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|svg|math|textarea|title)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;
const ATTRIBUTE = /([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))[^\s&<>"'\p{Cc}]*$/iu;
const SAFE_SRC = /^(https:\/\/|\/uploads\/)[^\s&<>"'\p{Cc}]*$/iu;

const escapeText = (text: string) =>
  text
    .replace(/&(?![a-zA-Z]+;|#\d+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function attributesOf(tag: string, raw: string): string {
  const kept: string[] = [];
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const name = (m[1] ?? '').toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (tag === 'a' && name === 'href' && SAFE_HREF.test(value)) kept.push(`href="${escapeAttribute(value)}"`);
    if (tag === 'img' && name === 'src' && SAFE_SRC.test(value)) kept.push(`src="${escapeAttribute(value)}"`);
    if (tag === 'img' && name === 'alt') kept.push(`alt="${escapeAttribute(value.slice(0, 300))}"`);
  }
  if (tag === 'a' && kept.length > 0) kept.push('rel="noopener noreferrer nofollow"');
  return kept.length ? ` ${kept.join(' ')}` : '';
}

export function sanitiseDescription(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  let last = 0;
  for (const m of source.matchAll(TAG)) {
    out += escapeText(source.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const tag = (m[2] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (closing) out += VOID_TAGS.has(tag) ? '' : `</${tag}>`;
    else out += `<${tag}${attributesOf(tag, m[3] ?? '')}>`;
  }
  return out + escapeText(source.slice(last));
}
