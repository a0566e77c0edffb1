// A campaign's custom CSS, read with a real CSS parser (postcss): what staff may write is checked
// on save, and what is served is scoped under the donation form's root (decision 023).
import postcss, { type AtRule, CssSyntaxError, type Declaration, type Root } from 'postcss';
import prefixSelector from 'postcss-prefix-selector';

/**
 * The selector of the donation form's root element: every custom CSS rule is served under it, so a
 * campaign's CSS styles its form only, never the page (or the site that embeds it).
 */
export const FORM_ROOT_SELECTOR = '.kindling-donation-form';

/** At-rules a form's style may use; anything else (@import, @namespace, @document…) is refused. */
const ALLOWED_AT_RULES = new Set([
  'media',
  'supports',
  'container',
  'layer',
  'keyframes',
  '-webkit-keyframes',
  'font-face',
  'font-feature-values',
  'counter-style',
  'property',
]);
/** Properties that run code or bind behaviour in old browsers. */
const FORBIDDEN_PROPERTIES = /^(-ms-)?behavior$|^-moz-binding$/i;
/** Images the form may load: its own site's files (a path from the root) or an inline raster image. */
const ALLOWED_URL = /^(\/(?!\/)|data:image\/(png|gif|jpeg|webp|avif);base64,)/i;
const URL_CALL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\)/gi;
/** Addresses written as strings in image-set() and src(), which load without url(). */
const QUOTED = /"([^"]*)"|'([^']*)'/g;
const PAGE_ROOTS = /^(:root|html|body)(?=$|[\s.:#[>+~])/i;

const MESSAGES = {
  atRule: (name: string) =>
    name === 'import'
      ? 'Custom CSS cannot load other style sheets (@import).'
      : `Custom CSS cannot use @${name}. Use @media, @supports, @container, @layer, @keyframes or @font-face.`,
  property: (prop: string) => `Custom CSS cannot use ${prop.toLowerCase()}: it runs code in some browsers.`,
  expression: 'Custom CSS cannot use expression(): it runs code in some browsers.',
  url: (target: string) =>
    `Custom CSS can load files only from this site (a path such as /uploads/…) or a data: image, not ${target.slice(0, 80)}.`,
};

/** A value as a browser reads it for our checks: comments and escapes removed, lower case. */
const normalised = (value: string) =>
  value
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd))
    .replace(/\\/g, '')
    .toLowerCase();

function addressesIn(value: string): string[] {
  const found: string[] = [];
  for (const m of value.matchAll(URL_CALL)) found.push((m[1] ?? m[2] ?? m[3] ?? '').trim());
  const rest = value.replace(URL_CALL, '');
  if (/image-set\(|src\(/.test(rest)) for (const m of rest.matchAll(QUOTED)) found.push((m[1] ?? m[2] ?? '').trim());
  return found;
}

function declarationProblem(decl: Declaration): string | null {
  if (FORBIDDEN_PROPERTIES.test(decl.prop)) return MESSAGES.property(decl.prop);
  const value = normalised(decl.value);
  if (value.includes('expression(')) return MESSAGES.expression;
  const outside = addressesIn(value).find((target) => !ALLOWED_URL.test(target));
  return outside === undefined ? null : MESSAGES.url(outside);
}

const atRuleProblem = (rule: AtRule) =>
  ALLOWED_AT_RULES.has(rule.name.toLowerCase()) ? null : MESSAGES.atRule(rule.name.toLowerCase());

/** Every node custom CSS may not contain, with the message saying why. */
function problemsOf(root: Root): Array<{ node: AtRule | Declaration; message: string }> {
  const problems: Array<{ node: AtRule | Declaration; message: string }> = [];
  root.walk((node) => {
    const message =
      node.type === 'atrule' ? atRuleProblem(node) : node.type === 'decl' ? declarationProblem(node) : null;
    if (message && (node.type === 'atrule' || node.type === 'decl')) problems.push({ node, message });
  });
  return problems;
}

/** What is wrong with custom CSS staff are saving, in their words, or null when it may be saved. */
export function customCssProblem(css: string): string | null {
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    if (!(error instanceof CssSyntaxError)) throw error;
    return `Custom CSS could not be read: ${error.reason} (line ${error.line ?? 1}, column ${error.column ?? 1}).`;
  }
  const [first] = problemsOf(root);
  if (!first) return null;
  const line = first.node.source?.start?.line;
  return line ? `${first.message} (line ${line})` : first.message;
}

const scoper = postcss([
  prefixSelector({
    prefix: FORM_ROOT_SELECTOR,
    // html, body and :root become the form's root itself; every other selector is placed under it.
    transform: (prefix, selector, prefixed) =>
      PAGE_ROOTS.test(selector) ? selector.replace(PAGE_ROOTS, prefix) : prefixed,
  }),
]);

/**
 * The CSS as served: every rule under the form's root, inside @media and @supports too, @keyframes
 * as written; comments and anything the save check refuses are dropped (CSS saved before that check
 * existed), and CSS that cannot be read is not served at all.
 */
export function scopeCustomCss(css: string): string {
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    if (error instanceof CssSyntaxError) return '';
    throw error;
  }
  root.walkComments((comment) => {
    comment.remove();
  });
  for (const { node } of problemsOf(root)) node.remove();
  // Served inside a <style> element: no '<' may reach it, so it can never close that element.
  return scoper.process(root, { from: undefined }).css.replace(/</g, '\\3c ');
}
