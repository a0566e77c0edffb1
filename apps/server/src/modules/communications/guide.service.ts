import {
  COMMUNICATION_MESSAGES,
  slugifyCampaignName,
  type TGuide,
  type TGuidePage,
  type TGuidePageInput,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { sanitiseDescription } from '../campaigns/index.ts';
import type { Actor } from './communications.service.ts';
import { DEFAULT_GUIDE_PAGES } from './guide-defaults.ts';

type PageRow = {
  slug: string;
  title: string;
  body_html: string;
  position: number;
  updated_at: Date | string;
  updated_by: string | null;
};

const pageOf = (r: PageRow): TGuidePage => ({
  slug: r.slug,
  title: r.title,
  body_html: r.body_html,
  position: Number(r.position),
  updated_at: new Date(r.updated_at).toISOString(),
  updated_by: r.updated_by,
});

async function storedPages(db: Db | Tx, npoId: number): Promise<PageRow[]> {
  const { rows } = await db.execute<PageRow>(sql`
    SELECT p.slug, p.title, p.body_html, p.position, p.updated_at,
      nullif(trim(u.first_name || ' ' || u.last_name), '') AS updated_by
    FROM communication_guide_pages p LEFT JOIN users u ON u.id = p.updated_by
    WHERE p.npo_id = ${npoId} ORDER BY p.position, p.id`);
  return rows;
}

/** The organisation's guide: its own pages, or the first version until an admin changes it. */
export async function readGuide(db: Db, npoId: number): Promise<TGuide> {
  const rows = await storedPages(db, npoId);
  if (rows.length > 0) return { pages: rows.map(pageOf) };
  return {
    pages: DEFAULT_GUIDE_PAGES.map((p, position) => ({ ...p, position, updated_at: null, updated_by: null })),
  };
}

/**
 * The first change turns the first version into the organisation's own rows; the lock makes two
 * admins' first edits at once copy it once.
 */
async function ownPages(tx: Tx, npoId: number): Promise<PageRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('communication_guide'), ${npoId}::int)`);
  const rows = await storedPages(tx, npoId);
  if (rows.length > 0) return rows;
  for (const [position, p] of DEFAULT_GUIDE_PAGES.entries()) {
    await tx.execute(sql`INSERT INTO communication_guide_pages (npo_id, slug, title, body_html, position)
      VALUES (${npoId}, ${p.slug}, ${p.title}, ${p.body_html}, ${position})`);
  }
  return storedPages(tx, npoId);
}

const notFound = () => new AppError('NOT_FOUND', COMMUNICATION_MESSAGES.guideNotFound);
const audit = (tx: Tx, actor: Actor, action: string, slug: string) =>
  recordAudit(tx, {
    npoId: actor.npoId,
    actorUserId: actor.userId,
    action,
    targetType: 'organisation',
    targetId: actor.npoId,
    data: { slug },
    ip: actor.ip,
  });

export async function saveGuidePage(db: Db, actor: Actor, slug: string, input: TGuidePageInput): Promise<TGuide> {
  await db.transaction(async (tx) => {
    const pages = await ownPages(tx, actor.npoId);
    if (!pages.some((p) => p.slug === slug)) throw notFound();
    await tx.execute(sql`UPDATE communication_guide_pages
      SET title = ${input.title}, body_html = ${sanitiseDescription(input.body_html)}, updated_by = ${actor.userId}, updated_at = now()
      WHERE npo_id = ${actor.npoId} AND slug = ${slug}`);
    await audit(tx, actor, 'communications_guide.page_saved', slug);
  });
  return readGuide(db, actor.npoId);
}

export async function addGuidePage(db: Db, actor: Actor, input: TGuidePageInput): Promise<TGuidePage> {
  const slug = slugifyCampaignName(input.title) || 'page';
  await db.transaction(async (tx) => {
    const pages = await ownPages(tx, actor.npoId);
    if (pages.some((p) => p.slug === slug)) {
      throw new AppError('CONFLICT', COMMUNICATION_MESSAGES.guideSlugTaken, {
        title: COMMUNICATION_MESSAGES.guideSlugTaken,
      });
    }
    const position = Math.max(-1, ...pages.map((p) => Number(p.position))) + 1;
    await tx.execute(sql`INSERT INTO communication_guide_pages (npo_id, slug, title, body_html, position, updated_by)
      VALUES (${actor.npoId}, ${slug}, ${input.title}, ${sanitiseDescription(input.body_html)}, ${position}, ${actor.userId})`);
    await audit(tx, actor, 'communications_guide.page_added', slug);
  });
  const page = (await readGuide(db, actor.npoId)).pages.find((p) => p.slug === slug);
  if (!page) throw notFound();
  return page;
}

export async function removeGuidePage(db: Db, actor: Actor, slug: string): Promise<TGuide> {
  await db.transaction(async (tx) => {
    const pages = await ownPages(tx, actor.npoId);
    if (!pages.some((p) => p.slug === slug)) throw notFound();
    if (pages.length === 1) throw new AppError('CONFLICT', COMMUNICATION_MESSAGES.guideLast);
    await tx.execute(sql`DELETE FROM communication_guide_pages WHERE npo_id = ${actor.npoId} AND slug = ${slug}`);
    await audit(tx, actor, 'communications_guide.page_removed', slug);
  });
  return readGuide(db, actor.npoId);
}
