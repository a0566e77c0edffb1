// SQL of the knowledge base (docs/product/knowledge-base.md#search): one full-text search over the built-in
// articles (passed in as JSON) and the organisation's own, ranked together; the expression on the own
// articles is the one knowledge_articles_search_idx indexes.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import type { BuiltInArticle } from './built-in-articles.ts';

export type OwnArticleRow = {
  id: number;
  title: string;
  body_html: string;
  author: string | null;
  updated_at: string;
};

const OWN_COLUMNS = sql`a.id, a.title, a.body_html, a.updated_at,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS author`;

export type SearchHit = { key: string; kind: 'built_in' | 'own'; body: string; updated_at: string | null };

/** The articles matching `query` (PostgreSQL websearch syntax: words, "a phrase", -not), best first. */
export async function searchArticles(db: Tx, npoId: number, query: string, builtIn: BuiltInArticle[]) {
  const guides = JSON.stringify(builtIn.map((a) => ({ key: a.key, title: a.title, body: a.text })));
  const { rows } = await db.execute<SearchHit & { rank: number }>(sql`
    WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS query)
    SELECT g.key, 'built_in' AS kind, g.body, NULL::text AS updated_at,
      ts_rank(setweight(to_tsvector('english', g.title), 'A') || to_tsvector('english', g.body), q.query) AS rank
    FROM jsonb_to_recordset(${guides}::jsonb) AS g(key text, title text, body text), q
    WHERE to_tsvector('english', g.title || ' ' || g.body) @@ q.query
    UNION ALL
    SELECT a.id::text, 'own', a.body_html, a.updated_at::text,
      ts_rank(setweight(to_tsvector('english', a.title), 'A') || to_tsvector('english', a.body_html), q.query)
    FROM knowledge_articles a, q
    WHERE a.npo_id = ${npoId} AND to_tsvector('english'::regconfig, a.title || ' ' || a.body_html) @@ q.query
    ORDER BY rank DESC, key
    LIMIT 50`);
  return rows;
}

export async function listOwnArticles(db: Tx, npoId: number): Promise<OwnArticleRow[]> {
  const { rows } = await db.execute<OwnArticleRow>(sql`
    SELECT ${OWN_COLUMNS} FROM knowledge_articles a LEFT JOIN users u ON u.id = a.author_user_id
    WHERE a.npo_id = ${npoId} ORDER BY a.updated_at DESC, a.id DESC`);
  return rows;
}

export async function findOwnArticle(db: Tx, npoId: number, id: number): Promise<OwnArticleRow | null> {
  const { rows } = await db.execute<OwnArticleRow>(sql`
    SELECT ${OWN_COLUMNS} FROM knowledge_articles a LEFT JOIN users u ON u.id = a.author_user_id
    WHERE a.npo_id = ${npoId} AND a.id = ${id}`);
  return rows[0] ?? null;
}

export async function insertOwnArticle(
  db: Tx,
  npoId: number,
  input: { title: string; bodyHtml: string; authorUserId: number | null },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO knowledge_articles (npo_id, title, body_html, author_user_id)
    VALUES (${npoId}, ${input.title}, ${input.bodyHtml}, ${input.authorUserId}) RETURNING id`);
  return Number(rows[0]?.id);
}

export async function updateOwnArticle(
  db: Tx,
  npoId: number,
  id: number,
  input: { title: string; bodyHtml: string },
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE knowledge_articles SET title = ${input.title}, body_html = ${input.bodyHtml}, updated_at = now()
    WHERE npo_id = ${npoId} AND id = ${id} RETURNING id`);
  return rows.length > 0;
}

export async function deleteOwnArticle(db: Tx, npoId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    DELETE FROM knowledge_articles WHERE npo_id = ${npoId} AND id = ${id} RETURNING id`);
  return rows.length > 0;
}
