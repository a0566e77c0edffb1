import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * An organisation's own help article (docs/product/knowledge-base.md). Kindling's built-in articles are
 * markdown files shipped with the code (articles/), not rows. The body is staff HTML sanitised like a
 * campaign story; search uses PostgreSQL full text over title and body (the index's expression is the
 * repository's).
 */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    bodyHtml: text().notNull(),
    authorUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_articles_npo_idx').on(t.npoId, t.updatedAt),
    index('knowledge_articles_search_idx').using(
      'gin',
      sql`to_tsvector('english'::regconfig, ${t.title} || ' ' || ${t.bodyHtml})`,
    ),
  ],
);
