import {
  CONTACT_MESSAGES,
  type TContactOptions,
  type TContactView,
  type TContactViewConfig,
  type ZContactBulkInput,
  type ZContactFieldInput,
  type ZContactListQuery,
  type ZContactViewInput,
} from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { eraseLoggedCommunications } from '../communications/index.ts';
import { selectHouseholds } from './contact-links.repository.ts';
import { type ContactListFilter, selectContactsForExport } from './contact-list.repository.ts';
import { bulkUpdate, deleteContact, hasGiving, selectContactDetails, selectTeam } from './contact-record.repository.ts';
import {
  deleteField,
  deleteView,
  insertField,
  insertView,
  selectFields,
  selectView,
  selectViews,
  updateView,
} from './contact-settings.repository.ts';
import { type Actor, contactFilterOf, contactNotFound } from './contacts.service.ts';

/** Deletes a contact who never gave; one with gifts or a plan is refused (anonymise instead). */
export async function removeContact(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectContactDetails(tx, actor.npoId, id, true);
    if (!before) throw contactNotFound();
    if (await hasGiving(tx, actor.npoId, id)) throw new AppError('CONFLICT', CONTACT_MESSAGES.hasGifts);
    await deleteContact(tx, actor.npoId, id);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact.deleted',
      targetType: 'donor',
      targetId: id,
      data: { before: { ...before, created_at: String(before.created_at) } },
      ip: actor.ip,
    });
  });
}

/**
 * Erasure for a contact who gave: names, e-mail, address and every CRM detail go; the row, its
 * gifts and totals stay (the books must still add up), now under "Anonymised contact".
 */
export async function anonymiseContact(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectContactDetails(tx, actor.npoId, id, true);
    if (!before) throw contactNotFound();
    await tx.execute(sql`
      UPDATE donors SET first_name = 'Anonymised', last_name = 'contact', email = '', address = '', address2 = '',
        city = '', state = '', postal_code = '', country = '', updated_at = now()
      WHERE npo_id = ${actor.npoId} AND id = ${id}`);
    await tx.execute(sql`DELETE FROM contact_details WHERE donor_id = ${id}`);
    await tx.execute(sql`DELETE FROM contact_relationships WHERE from_donor_id = ${id} OR to_donor_id = ${id}`);
    await eraseLoggedCommunications(tx, actor.npoId, id);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact.anonymised',
      targetType: 'donor',
      targetId: id,
      ip: actor.ip,
    });
  });
}

export async function bulkChange(db: Db, actor: Actor, input: z.output<typeof ZContactBulkInput>): Promise<number> {
  return db.transaction(async (tx) => {
    if (input.action === 'assign' && input.owner_user_id !== null) {
      if (!(await selectTeam(tx, actor.npoId)).some((m) => m.id === input.owner_user_id))
        throw new AppError('VALIDATION_FAILED', CONTACT_MESSAGES.owner, { owner_user_id: CONTACT_MESSAGES.owner });
    }
    const change = input.action === 'tag' ? { tag: input.tag } : { ownerUserId: input.owner_user_id };
    const updated = await bulkUpdate(tx, actor.npoId, input.ids, change);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: input.action === 'tag' ? 'contact.bulk_tagged' : 'contact.bulk_assigned',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { ids: input.ids, ...change },
      ip: actor.ip,
    });
    return updated;
  });
}

export async function contactOptions(db: Db, npoId: number): Promise<TContactOptions> {
  const [fields, team, households] = await Promise.all([
    selectFields(db, npoId),
    selectTeam(db, npoId),
    selectHouseholds(db, npoId),
  ]);
  return { fields: fields.map((f) => ({ ...f, field_type: f.field_type as never })), team, households };
}

export async function addField(db: Db, actor: Actor, input: z.output<typeof ZContactFieldInput>): Promise<number> {
  return db.transaction(async (tx) => {
    const options = input.field_type === 'choice' ? [...new Set(input.options)] : [];
    const id = await insertField(tx, actor.npoId, { ...input, options });
    if (id === null)
      throw new AppError('CONFLICT', CONTACT_MESSAGES.fieldLabelTaken, { label: CONTACT_MESSAGES.fieldLabelTaken });
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact_field.created',
      targetType: 'contact_field',
      targetId: id,
      data: { label: input.label, field_type: input.field_type },
      ip: actor.ip,
    });
    return id;
  });
}

export async function removeField(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteField(tx, actor.npoId, id))) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.fieldNotFound);
  });
}

const viewOf = (userId: number) => (v: { id: number; name: string; owner_user_id: number | null; config: unknown }) =>
  ({
    id: v.id,
    name: v.name,
    shared: v.owner_user_id === null,
    mine: v.owner_user_id === userId,
    config: v.config as TContactViewConfig,
  }) satisfies TContactView;

export async function listViews(db: Db, npoId: number, userId: number): Promise<TContactView[]> {
  return (await selectViews(db, npoId, userId)).map(viewOf(userId));
}

/** Personal views are their owner's; shared ones are saved and changed by the organisation's admins. */
export async function saveView(
  db: Db,
  actor: Actor & { admin: boolean },
  id: number | null,
  input: z.output<typeof ZContactViewInput>,
): Promise<TContactView> {
  const sharedRefused = () => new AppError('FORBIDDEN', CONTACT_MESSAGES.sharedView);
  if (input.shared && !actor.admin) throw sharedRefused();
  return db.transaction(async (tx) => {
    const values = { ownerUserId: input.shared ? null : actor.userId, name: input.name, config: input.config };
    let viewId = id;
    if (viewId === null) {
      viewId = await insertView(tx, { ...values, npoId: actor.npoId, createdBy: actor.userId });
    } else {
      const before = await selectView(tx, actor.npoId, actor.userId, viewId);
      if (!before) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.viewNotFound);
      if (before.owner_user_id === null && !actor.admin) throw sharedRefused();
      await updateView(tx, viewId, values);
    }
    const saved = await selectView(tx, actor.npoId, actor.userId, viewId);
    if (!saved) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.viewNotFound);
    return viewOf(actor.userId)(saved);
  });
}

export async function removeView(db: Db, actor: Actor & { admin: boolean }, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const view = await selectView(tx, actor.npoId, actor.userId, id);
    if (!view) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.viewNotFound);
    if (view.owner_user_id === null && !actor.admin) throw new AppError('FORBIDDEN', CONTACT_MESSAGES.sharedView);
    await deleteView(tx, id);
  });
}

const EXPORT_PAGE = 2000;

/** The filtered list as CSV (every match, in list order), read a page at a time. */
export async function exportContactsCsv(db: Db, actor: Actor, q: z.output<typeof ZContactListQuery>): Promise<string> {
  return contactsCsv(db, actor, await contactFilterOf(db, actor.npoId, q), { filters: { ...q } });
}

/**
 * Contacts matching `filter` as CSV (every match, in list order), read a page at a time; the
 * contacts list's export and a segment's (`audit` says which in the audit entry).
 */
export async function contactsCsv(
  db: Db,
  actor: Actor,
  filter: ContactListFilter,
  audit: Record<string, unknown>,
): Promise<string> {
  const fields = await selectFields(db, actor.npoId);
  const lines: string[][] = [
    [
      'id',
      'type',
      'first_name',
      'last_name',
      'email',
      'tags',
      'owner',
      'household',
      'lifetime_total_minor',
      'gift_count',
      'last_gift_at',
      ...fields.map((f) => f.label),
    ],
  ];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const rows = await selectContactsForExport(db, { ...filter, limit: EXPORT_PAGE, offset });
    for (const r of rows) {
      lines.push([
        String(r.id),
        r.contact_type,
        r.first_name,
        r.last_name,
        r.email,
        r.tags.join('; '),
        r.owner_name ?? '',
        r.household_name ?? '',
        String(r.lifetime_base_minor),
        String(r.gift_count),
        r.last_gift_at ? new Date(r.last_gift_at).toISOString() : '',
        ...fields.map((f) => String(r.custom_fields[String(f.id)] ?? '')),
      ]);
    }
    if (rows.length < EXPORT_PAGE) break;
  }
  await db.transaction(async (tx) =>
    recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact.exported',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { rows: lines.length - 1, ...audit },
      ip: actor.ip,
    }),
  );
  // Cells that start like a formula stay text (a contact named '=HYPERLINK(…)').
  return stringify(lines, { bom: true, escape_formulas: true });
}
