import { randomBytes } from 'node:crypto';

/** The event the public page fires once the form is on screen (apps/web/src/donate/form-ready.ts). */
export const FORM_READY_EVENT = 'kindling:form-ready';

/**
 * A campaign's own script, placed in its public page so that it runs once the form has loaded
 * (docs/decisions/036-donor-wall-and-custom-js.md). The page's Content-Security-Policy allows no
 * inline script, so this one element carries a nonce made for this response alone; the header gets
 * the same nonce (applyDonatePageHeaders). `</script` and `<!--` are escaped so the text cannot end
 * the element early; inside JavaScript `<\/` and `<\!` read as the same characters.
 */
export function withCustomJs(html: string, script: string): { html: string; nonce: string | null } {
  if (script.trim() === '') return { html, nonce: null };
  const nonce = randomBytes(18).toString('base64');
  const safe = script.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  const element =
    `<script nonce="${nonce}" id="kindling-custom-js">` +
    `document.addEventListener(${JSON.stringify(FORM_READY_EVENT)},function(){\n${safe}\n},{once:true});</script>`;
  return { html: html.replace('</body>', `${element}</body>`), nonce };
}

/** Adds the response's nonce to script-src of a policy already set on the reply. */
export function scriptSrcWithNonce(directives: string[], nonce: string | undefined | null): string[] {
  if (!nonce) return directives;
  const source = `'nonce-${nonce}'`;
  const has = directives.some((d) => d.split(/\s+/)[0] === 'script-src');
  return has
    ? directives.map((d) => (d.split(/\s+/)[0] === 'script-src' ? `${d} ${source}` : d))
    : [...directives, `script-src 'self' ${source}`];
}
