import { z } from 'zod';

// The staff knowledge base (docs/product/knowledge-base.md): Kindling's own help articles, shipped with the
// product, and the organisation's own articles, searched together.

export const KB_TITLE_MAX = 160;
export const KB_BODY_MAX = 100_000;
export const KB_QUERY_MAX = 200;

export const KNOWLEDGE_BASE_MESSAGES = {
  notFound: 'We could not find that article.',
  title: 'Give the article a title.',
  titleTooLong: `A title has at most ${KB_TITLE_MAX} characters.`,
  body: 'Write the article.',
  bodyTooLong: 'This article is too long. Split it into two.',
  queryTooLong: `Search for at most ${KB_QUERY_MAX} characters.`,
} as const;

/** 'built_in' articles are Kindling's (read-only); 'own' ones the organisation wrote. */
export const KB_KINDS = ['built_in', 'own'] as const;

/** A built-in article's key is its name (letters and dashes); an organisation's article's key is its id. */
export const ZKbKeyParams = z.object({
  key: z
    .string()
    .trim()
    .regex(/^(?:[a-z][a-z0-9-]{0,79}|[1-9]\d{0,14})$/, KNOWLEDGE_BASE_MESSAGES.notFound),
});
/** An organisation's article to change or delete (named `key` like the read: one path, one parameter name). */
export const ZKbIdParams = z.object({ key: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const ZKbSearchQuery = z.object({
  q: z.string().trim().max(KB_QUERY_MAX, KNOWLEDGE_BASE_MESSAGES.queryTooLong).optional(),
});

export const ZKbArticleInput = z.object({
  title: z
    .string({ error: KNOWLEDGE_BASE_MESSAGES.title })
    .trim()
    .min(1, KNOWLEDGE_BASE_MESSAGES.title)
    .max(KB_TITLE_MAX, KNOWLEDGE_BASE_MESSAGES.titleTooLong),
  body_html: z.string({ error: KNOWLEDGE_BASE_MESSAGES.body }).max(KB_BODY_MAX, KNOWLEDGE_BASE_MESSAGES.bodyTooLong),
});
export type TKbArticleInput = z.infer<typeof ZKbArticleInput>;

export const ZKbSummary = z.object({
  key: z.string(),
  kind: z.enum(KB_KINDS),
  title: z.string(),
  /** The part of Kindling a built-in article explains; 'Our articles' for the organisation's. */
  area: z.string(),
  excerpt: z.string(),
  updated_at: z.string().nullable(),
});
export type TKbSummary = z.infer<typeof ZKbSummary>;

export const ZKbList = z.object({ articles: z.array(ZKbSummary) });
export type TKbList = z.infer<typeof ZKbList>;

export const ZKbArticle = ZKbSummary.extend({
  /** Sanitised HTML. */
  html: z.string(),
  author: z.string().nullable(),
});
export type TKbArticle = z.infer<typeof ZKbArticle>;
