// Staff reading, saving, previewing and resetting the templates of their organisation and of its
// campaigns' receipts. The organisation is always the session's; a campaign of another one is 404.
import {
  canReach,
  SAMPLE_MERGE_VALUES,
  type TEmailKind,
  type TEmailPreview,
  type TEmailTemplate,
  type TEmailTemplateInput,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteTemplate, namesOf, upsertTemplate } from './email-templates.repository.ts';
import { effectiveTemplate, emailDocument, fillTemplate } from './render-email.ts';
import { prepareTemplate } from './template-source.ts';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';

/** Which template a route addresses: the organisation's of a kind, or a campaign's receipt. */
export type TemplateTarget = { kind: TEmailKind; campaignId: number | null };

const WRITE = 'admin';

async function namesFor(db: Db, npoId: number, campaignId: number | null) {
  const names = await namesOf(db, npoId, campaignId);
  if (!names) throw new AppError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return names;
}

export async function readTemplate(
  db: Db,
  actor: OrganisationSession,
  target: TemplateTarget,
): Promise<TEmailTemplate> {
  const names = await namesFor(db, actor.selectedNpoId, target.campaignId);
  const template = await effectiveTemplate(db, actor.selectedNpoId, target.kind, target.campaignId);
  return {
    kind: target.kind,
    campaign_id: target.campaignId,
    campaign_name: names.campaign,
    subject: template.subject,
    html: template.html,
    text: template.text,
    source: template.source,
    updated_at: template.updatedAt?.toISOString() ?? null,
    editable: canReach(WRITE, actor.roleCode),
  };
}

/** Sanitised and checked, or 400 naming the part and the merge field at fault; nothing changes then. */
function prepared(target: TemplateTarget, input: TEmailTemplateInput) {
  const result = prepareTemplate(target.kind, input);
  if ('problems' in result) {
    const message = result.problems.subject ?? result.problems.html ?? 'Check the template.';
    throw new AppError('VALIDATION_FAILED', message, result.problems);
  }
  return result.template;
}

const auditTarget = (target: TemplateTarget) =>
  target.campaignId === null
    ? { targetType: 'email_template', targetId: target.kind }
    : { targetType: 'campaign', targetId: target.campaignId };

export async function saveTemplate(
  db: Db,
  actor: OrganisationSession,
  target: TemplateTarget,
  input: TEmailTemplateInput,
  ip: string | null,
): Promise<TEmailTemplate> {
  const npoId = actor.selectedNpoId;
  await namesFor(db, npoId, target.campaignId);
  const template = prepared(target, input);
  await db.transaction(async (tx) => {
    await upsertTemplate(tx, { npoId, ...target }, template, actor.user.id);
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'email_template.saved',
      ...auditTarget(target),
      data: { kind: target.kind, campaign_id: target.campaignId, subject: template.subject },
      ip,
    });
  });
  return readTemplate(db, actor, target);
}

/** Back to what applies without this template: the organisation's (for a campaign) or the default. */
export async function resetTemplate(
  db: Db,
  actor: OrganisationSession,
  target: TemplateTarget,
  ip: string | null,
): Promise<TEmailTemplate> {
  const npoId = actor.selectedNpoId;
  await namesFor(db, npoId, target.campaignId);
  await db.transaction(async (tx) => {
    if (!(await deleteTemplate(tx, { npoId, ...target }))) return;
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'email_template.reset',
      ...auditTarget(target),
      data: { kind: target.kind, campaign_id: target.campaignId },
      ip,
    });
  });
  return readTemplate(db, actor, target);
}

const RECEIPT_ADDITIONS =
  'Below this message every receipt adds the gift details, the tax wording the gift needs (IRS acknowledgment, Gift Aid declaration) and the PDF receipt.';

/** An unsaved draft rendered with sample values and the organisation's (and campaign's) own name. */
export async function previewTemplate(
  db: Db,
  actor: OrganisationSession,
  target: TemplateTarget,
  input: TEmailTemplateInput,
): Promise<TEmailPreview> {
  const names = await namesFor(db, actor.selectedNpoId, target.campaignId);
  const values = {
    ...SAMPLE_MERGE_VALUES,
    organisation_name: names.organisation,
    campaign_name: names.campaign ?? SAMPLE_MERGE_VALUES.campaign_name,
  };
  const filled = fillTemplate(prepared(target, input), values);
  if (target.kind !== 'receipt') return { ...filled, html: emailDocument(filled.html) };
  return {
    subject: filled.subject,
    html: emailDocument(
      `${filled.html}<p style="color:#555;border-top:1px solid #ddd;padding-top:8px"><em>${RECEIPT_ADDITIONS}</em></p>`,
    ),
    text: `${filled.text}\n\n[${RECEIPT_ADDITIONS}]`,
  };
}
