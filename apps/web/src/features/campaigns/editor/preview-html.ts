/**
 * The server sanitises a description when it is saved; the unsaved text the staff member is typing
 * goes straight into the preview, so it is cleaned here first: no scripts, frames or embedded
 * documents, no event-handler attributes and no script URLs.
 */
const DROPPED = 'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,input,button,textarea,select';
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset']);

export function previewSafeHtml(html: string): string {
  if (html.trim() === '') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const node of Array.from(doc.body.querySelectorAll(DROPPED))) node.remove();
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a URL scheme ('java\tscript:').
      const value = Array.from(attribute.value)
        .filter((ch) => ch.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      const scriptUrl = URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data):/.test(value);
      if (name.startsWith('on') || name === 'style' || scriptUrl) element.removeAttribute(attribute.name);
    }
  }
  return doc.body.innerHTML;
}
