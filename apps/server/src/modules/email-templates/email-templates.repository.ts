// SQL only: the stored templates of an organisation and its campaigns.
import type { TEmailKind } from '@kindling/contracts/email-template-rules.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { emailTemplates } from './email-templates.tables.ts';

export type StoredTemplate = {
  subject: string;
  html: string;
  text: string;
  campaignId: number | null;
  updatedAt: Date;
};

const columns = {
  subject: emailTemplates.subject,
  html: emailTemplates.html,
  text: emailTemplates.text,
  campaignId: emailTemplates.campaignId,
  updatedAt: emailTemplates.updatedAt,
};

const scope = (npoId: number, kind: TEmailKind, campaignId: number | null) =>
  and(
    eq(emailTemplates.npoId, npoId),
    eq(emailTemplates.kind, kind),
    campaignId === null ? isNull(emailTemplates.campaignId) : eq(emailTemplates.campaignId, campaignId),
  );

/** The template stored for exactly this organisation (campaignId null) or campaign; null when none. */
export async function findStoredTemplate(
  db: Tx,
  npoId: number,
  kind: TEmailKind,
  campaignId: number | null,
): Promise<StoredTemplate | null> {
  const [row] = await db
    .select(columns)
    .from(emailTemplates)
    .where(scope(npoId, kind, campaignId));
  return row ?? null;
}

/** The campaign's template when it has one, else the organisation's; one query. */
export async function findEffectiveTemplate(
  db: Tx,
  npoId: number,
  kind: TEmailKind,
  campaignId: number | null,
): Promise<StoredTemplate | null> {
  const [row] = await db
    .select(columns)
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.npoId, npoId),
        eq(emailTemplates.kind, kind),
        campaignId === null
          ? isNull(emailTemplates.campaignId)
          : sql`(${emailTemplates.campaignId} IS NULL OR ${emailTemplates.campaignId} = ${campaignId})`,
      ),
    )
    .orderBy(sql`${emailTemplates.campaignId} IS NULL`)
    .limit(1);
  return row ?? null;
}

/** Saves the template of that organisation or campaign, replacing the one stored (one statement, race-free). */
export async function upsertTemplate(
  tx: Tx,
  key: { npoId: number; kind: TEmailKind; campaignId: number | null },
  template: { subject: string; html: string; text: string },
  userId: number,
): Promise<StoredTemplate> {
  const organisationWide = key.campaignId === null;
  const [saved] = await tx
    .insert(emailTemplates)
    .values({ ...key, ...template, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: organisationWide
        ? [emailTemplates.npoId, emailTemplates.kind]
        : [emailTemplates.npoId, emailTemplates.campaignId, emailTemplates.kind],
      targetWhere: organisationWide
        ? sql`${emailTemplates.campaignId} IS NULL`
        : sql`${emailTemplates.campaignId} IS NOT NULL`,
      set: { ...template, updatedByUserId: userId, updatedAt: sql`now()` },
    })
    .returning(columns);
  if (!saved) throw new Error('email template upsert returned no row');
  return saved;
}

/** Removes the stored template; true when there was one. */
export async function deleteTemplate(
  tx: Tx,
  key: { npoId: number; kind: TEmailKind; campaignId: number | null },
): Promise<boolean> {
  const deleted = await tx
    .delete(emailTemplates)
    .where(scope(key.npoId, key.kind, key.campaignId))
    .returning({ id: emailTemplates.id });
  return deleted.length > 0;
}

/** The names the preview and the editor show; null when the campaign is not the organisation's. */
export async function namesOf(
  db: Tx,
  npoId: number,
  campaignId: number | null,
): Promise<{ organisation: string; campaign: string | null } | null> {
  const { rows } = await db.execute<{ organisation: string; campaign: string | null }>(sql`
    SELECT n.name AS organisation, c.name AS campaign
    FROM npos n LEFT JOIN campaigns c ON c.npo_id = n.id AND c.id = ${campaignId}
    WHERE n.id = ${npoId}`);
  const row = rows[0];
  if (!row || (campaignId !== null && row.campaign === null)) return null;
  return row;
}
