/**
 * The selector of the donation form's root element: every custom CSS rule is served under it, so a
 * campaign's CSS styles its form only, never the page (or the site that embeds it).
 */
export const FORM_ROOT_SELECTOR = '.kindling-donation-form';

/** At-rules whose blocks hold ordinary rules, which are scoped in turn. */
const NESTING_AT_RULES = /^@(media|supports|container|layer|document)\b/i;
/** Statements that would load or reset something outside the form. */
const DROPPED_STATEMENTS = /^@(import|charset|namespace)\b/i;
const PAGE_ROOTS = /^(:root|html|body)(?=$|[\s.:#[>+~])/i;

/** Index just after the block opened at `open`, skipping strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      const close = css.indexOf(ch, i + 1);
      i = close === -1 ? css.length : close;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** Splits a selector list at top-level commas (not those inside :is(...) or [attr="a,b"]). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const ch = prelude[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const scopeSelector = (selector: string) =>
  PAGE_ROOTS.test(selector) ? selector.replace(PAGE_ROOTS, FORM_ROOT_SELECTOR) : `${FORM_ROOT_SELECTOR} ${selector}`;

/**
 * Prefixes every rule's selectors with the form's root; html, body and :root become the root
 * itself. Rules inside @media/@supports are scoped too; @keyframes and @font-face stay as written;
 * @import is dropped. Comments are removed first.
 */
export function scopeCustomCss(css: string): string {
  const source = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  let out = '';
  let i = 0;
  while (i < source.length) {
    const brace = source.indexOf('{', i);
    const semi = source.indexOf(';', i);
    if (brace === -1 && semi === -1) break;
    if (semi !== -1 && (brace === -1 || semi < brace)) {
      const statement = source.slice(i, semi).trim();
      if (statement && !DROPPED_STATEMENTS.test(statement)) out += `${statement};\n`;
      i = semi + 1;
      continue;
    }
    const prelude = source.slice(i, brace).trim();
    const end = blockEnd(source, brace);
    const body = source.slice(brace + 1, end - 1);
    if (NESTING_AT_RULES.test(prelude)) out += `${prelude} {\n${scopeCustomCss(body)}}\n`;
    else if (prelude.startsWith('@')) out += `${prelude} {${body}}\n`;
    else if (prelude) out += `${splitSelectors(prelude).map(scopeSelector).join(', ')} {${body}}\n`;
    i = end;
  }
  return out;
}
