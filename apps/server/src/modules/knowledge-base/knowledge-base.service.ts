// The knowledge base's rules (docs/product/knowledge-base.md): every staff member reads and searches the
// built-in and the organisation's own articles; the admin group writes the organisation's own. Bodies are
// staff HTML kept to the story's allow-list (decision 023); another organisation's article is not found.
import { KNOWLEDGE_BASE_MESSAGES, type TKbArticle, type TKbArticleInput, type TKbSummary } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { toPlainText } from '../../platform/security/html.ts';
import { recordAudit } from '../audit/index.ts';
import { sanitiseDescription } from '../campaigns/index.ts';
import { type BuiltInArticle, builtInArticle, builtInArticles, excerptOf } from './built-in-articles.ts';
import {
  deleteOwnArticle,
  findOwnArticle,
  insertOwnArticle,
  listOwnArticles,
  type OwnArticleRow,
  searchArticles,
  updateOwnArticle,
} from './knowledge-base.repository.ts';

/** Where the organisation's own articles are listed. */
export const OWN_AREA = 'Our articles';

const builtInSummary = (a: BuiltInArticle): TKbSummary => ({
  key: a.key,
  kind: 'built_in',
  title: a.title,
  area: a.area,
  excerpt: a.excerpt,
  updated_at: null,
});
const ownSummary = (row: OwnArticleRow): TKbSummary => ({
  key: String(row.id),
  kind: 'own',
  title: row.title,
  area: OWN_AREA,
  excerpt: excerptOf(toPlainText(row.body_html)),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The organisation's articles then Kindling's, or those matching `query`, best first. */
export async function listArticles(db: Db, npoId: number, query: string | undefined): Promise<TKbSummary[]> {
  if (!query) {
    const own = await listOwnArticles(db, npoId);
    return [...own.map(ownSummary), ...builtInArticles().map(builtInSummary)];
  }
  const hits = await searchArticles(db, npoId, query, builtInArticles());
  const own = new Map(
    (
      await Promise.all(hits.filter((h) => h.kind === 'own').map((h) => findOwnArticle(db, npoId, Number(h.key))))
    ).flatMap((row) => (row ? [[String(row.id), row] as const] : [])),
  );
  return hits.flatMap((hit) => {
    if (hit.kind === 'own') {
      const row = own.get(hit.key);
      return row ? [ownSummary(row)] : [];
    }
    const article = builtInArticle(hit.key);
    return article ? [builtInSummary(article)] : [];
  });
}

export async function readArticle(db: Db, npoId: number, key: string): Promise<TKbArticle> {
  if (/^\d+$/.test(key)) {
    const row = await findOwnArticle(db, npoId, Number(key));
    if (!row) throw new AppError('NOT_FOUND', KNOWLEDGE_BASE_MESSAGES.notFound);
    return { ...ownSummary(row), html: row.body_html, author: row.author };
  }
  const article = builtInArticle(key);
  if (!article) throw new AppError('NOT_FOUND', KNOWLEDGE_BASE_MESSAGES.notFound);
  return { ...builtInSummary(article), html: article.html, author: null };
}

/** The body as it will be stored; one that is empty once sanitised is refused (422, nothing stored). */
function cleanBody(input: TKbArticleInput): string {
  const html = sanitiseDescription(input.body_html);
  if (toPlainText(html) === '' && !html.includes('<img'))
    throw new AppError('VALIDATION_FAILED', KNOWLEDGE_BASE_MESSAGES.body, { body_html: KNOWLEDGE_BASE_MESSAGES.body });
  return html;
}

export async function createArticle(
  db: Db,
  actor: OrganisationSession,
  input: TKbArticleInput,
  ip: string | null,
): Promise<TKbArticle> {
  const bodyHtml = cleanBody(input);
  const npoId = actor.selectedNpoId;
  const id = await db.transaction(async (tx) => {
    const created = await insertOwnArticle(tx, npoId, { title: input.title, bodyHtml, authorUserId: actor.user.id });
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'knowledge_article.created',
      targetType: 'knowledge_article',
      targetId: created,
      data: { title: input.title },
      ip,
    });
    return created;
  });
  return readArticle(db, npoId, String(id));
}

export async function editArticle(
  db: Db,
  actor: OrganisationSession,
  id: number,
  input: TKbArticleInput,
  ip: string | null,
): Promise<TKbArticle> {
  const bodyHtml = cleanBody(input);
  const npoId = actor.selectedNpoId;
  await db.transaction(async (tx) => {
    if (!(await updateOwnArticle(tx, npoId, id, { title: input.title, bodyHtml })))
      throw new AppError('NOT_FOUND', KNOWLEDGE_BASE_MESSAGES.notFound);
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'knowledge_article.updated',
      targetType: 'knowledge_article',
      targetId: id,
      data: { title: input.title },
      ip,
    });
  });
  return readArticle(db, npoId, String(id));
}

export async function removeArticle(db: Db, actor: OrganisationSession, id: number, ip: string | null): Promise<void> {
  const npoId = actor.selectedNpoId;
  await db.transaction(async (tx) => {
    if (!(await deleteOwnArticle(tx, npoId, id))) throw new AppError('NOT_FOUND', KNOWLEDGE_BASE_MESSAGES.notFound);
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'knowledge_article.deleted',
      targetType: 'knowledge_article',
      targetId: id,
      data: {},
      ip,
    });
  });
}
