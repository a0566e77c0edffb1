// Untrusted HTML through sanitize-html (a maintained parser-based sanitiser, not patterns): each
// use brings its own allow-list (decision 023), and plain-text fields lose every tag.
import sanitizeHtml from 'sanitize-html';

/** Elements whose content is code or foreign markup: removed with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'template',
  'noscript',
  'noembed',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'xmp',
  'plaintext',
];

/** The staff editor's formatting: what a campaign story and a staff e-mail both keep (decision 023). */
export const FORMATTED_TEXT_TAGS = [
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
] as const;

export type HtmlAllowList = {
  tags: readonly string[];
  /** Where a link may point; a link to anywhere else keeps its text and loses its address. */
  href: RegExp;
  /** Where an image may load from; an image from anywhere else is kept without a source. */
  imgSrc: RegExp;
};

const ALT_MAX = 300;

/** A sanitiser keeping only `list`: no attribute survives but a link's href (with rel) and an image's src and alt. */
export function htmlSanitiser(list: HtmlAllowList): (html: string) => string {
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...list.tags],
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      a: (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        if (attribs.href && list.href.test(attribs.href)) {
          kept.href = attribs.href;
          kept.rel = 'noopener noreferrer nofollow';
        }
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        if (attribs.src && list.imgSrc.test(attribs.src)) kept.src = attribs.src;
        if (attribs.alt) kept.alt = attribs.alt.slice(0, ALT_MAX);
        return { tagName, attribs: kept };
      },
    },
  };
  return (html) => sanitizeHtml(html, options);
}

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
};
// sanitize-html escapes exactly these three in text; undoing them gives the characters as read.
const unescapeText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * A plain-text field as people will read it: markup dropped (scripts with their content), entities
 * turned into their characters, repeated until nothing changes so that an encoded tag cannot come
 * back as a real one.
 */
export function toPlainText(text: string): string {
  let current = text;
  for (let pass = 0; pass < 5; pass++) {
    const next = unescapeText(sanitizeHtml(current, TEXT_ONLY));
    if (next === current) break;
    current = next;
  }
  return current.trim();
}
