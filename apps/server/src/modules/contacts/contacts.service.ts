import {
  COMMUNICATION_CHANNELS,
  CONTACT_MESSAGES,
  isOrganisationType,
  RELATIONSHIP_KINDS,
  type TContactInput,
  type TContactListResponse,
  type TContactRecord,
  type TContactSummary,
  type TContactType,
  type TRelationshipKind,
  type ZContactInput,
  type ZContactListQuery,
} from '@kindling/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { selectDonorSummary, UNNAMED_CONTACT } from '../donors/index.ts';
import { type ContactListFilter, type ContactRow, selectContactPage } from './contact-list.repository.ts';
import {
  type ContactDetailsRow,
  insertContact,
  selectContactDetails,
  selectTeam,
  updateContactCore,
  upsertContactDetails,
} from './contact-record.repository.ts';
import { selectFields } from './contact-settings.repository.ts';
import { checkCustomFields, typedFilterValue } from './custom-fields.ts';
import { householdOf, householdOfContact, organisationCurrency, selectRelationships } from './households.service.ts';
import { selectContactSoftCredits } from './soft-credits.repository.ts';

export type Actor = { userId: number; npoId: number; ip: string | null };
type ContactInput = z.output<typeof ZContactInput>;

export const contactNotFound = () => new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
/** A contact added with an e-mail only still needs a name to be listed and linked by. */
const nameOf = (first: string, last: string, email: string) =>
  [first, last].filter(Boolean).join(' ') || email || UNNAMED_CONTACT;

function summaryOf(r: ContactRow): TContactSummary {
  return {
    id: Number(r.id),
    contact_type: r.contact_type as TContactType,
    name: nameOf(r.first_name, r.last_name, r.email),
    email: r.email,
    tags: r.tags,
    owner: r.owner_user_id == null ? null : { id: Number(r.owner_user_id), name: r.owner_name ?? '' },
    household: r.household_id == null ? null : { id: Number(r.household_id), name: r.household_name ?? '' },
    lifetime_total_minor: Number(r.lifetime_base_minor),
    gift_count: Number(r.gift_count),
    last_gift_at: iso(r.last_gift_at),
    custom_fields: r.custom_fields,
  };
}

/** The list's filter in repository form; a custom field filter's value is typed by the field. */
export async function contactFilterOf(
  db: Db,
  npoId: number,
  q: z.output<typeof ZContactListQuery>,
): Promise<ContactListFilter> {
  let field: ContactListFilter['field'];
  if (q.field_id !== undefined && q.field_value) {
    const def = (await selectFields(db, npoId)).find((f) => f.id === q.field_id);
    if (!def)
      throw new AppError('VALIDATION_FAILED', CONTACT_MESSAGES.fieldNotFound, {
        field_id: CONTACT_MESSAGES.fieldNotFound,
      });
    field = { id: def.id, value: typedFilterValue(def, q.field_value) };
  }
  return {
    npoId,
    search: q.search || undefined,
    type: q.type,
    tag: q.tag || undefined,
    owner: q.owner,
    field,
    sort: q.sort,
    direction: q.direction,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  };
}

export async function listContacts(
  db: Db,
  npoId: number,
  q: z.output<typeof ZContactListQuery>,
): Promise<TContactListResponse> {
  const [filter, currency] = await Promise.all([contactFilterOf(db, npoId, q), organisationCurrency(db, npoId)]);
  const { rows, total, capped } = await selectContactPage(db, filter);
  return { contacts: rows.map(summaryOf), total, total_capped: capped, page: q.page, per_page: q.per_page, currency };
}

/**
 * A page of the contacts among `memberOf` (a SELECT of donor ids: a segment's members), in the
 * contacts list's row shape, sort and count.
 */
export async function listContactsAmong(
  db: Db,
  npoId: number,
  memberOf: SQL,
  q: { sort: ContactListFilter['sort']; direction: 'asc' | 'desc'; page: number; per_page: number },
): Promise<TContactListResponse> {
  const filter: ContactListFilter = {
    npoId,
    memberOf,
    sort: q.sort,
    direction: q.direction,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  };
  const [{ rows, total, capped }, currency] = await Promise.all([
    selectContactPage(db, filter),
    organisationCurrency(db, npoId),
  ]);
  return { contacts: rows.map(summaryOf), total, total_capped: capped, page: q.page, per_page: q.per_page, currency };
}

function communicationOf(stored: ContactDetailsRow['communication']): TContactRecord['communication'] {
  return Object.fromEntries(
    COMMUNICATION_CHANNELS.map((c) => {
      const out = stored[c];
      return [c, { allowed: !out, opted_out_at: out?.opted_out_at ?? null, source: out?.source ?? '' }];
    }),
  ) as TContactRecord['communication'];
}

export async function getContact(db: Db, npoId: number, id: number): Promise<TContactRecord> {
  const [row, giving, relationships, currency, household, softCredits] = await Promise.all([
    selectContactDetails(db, npoId, id),
    selectDonorSummary(db, npoId, id),
    selectRelationships(db, npoId, id),
    organisationCurrency(db, npoId),
    householdOfContact(db, npoId, id),
    selectContactSoftCredits(db, npoId, id),
  ]);
  if (!row || !giving) throw contactNotFound();
  return {
    id: Number(row.id),
    contact_type: row.contact_type as TContactType,
    name: nameOf(row.first_name, row.last_name, row.email),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    emails: row.emails,
    phones: row.phones,
    address: {
      address: row.address,
      address2: row.address2,
      city: row.city,
      state: row.state,
      postal_code: row.postal_code,
      country: row.country,
    },
    addresses: row.addresses as TContactRecord['addresses'],
    date_of_birth: row.date_of_birth,
    employer: row.employer,
    source: row.source,
    owner: row.owner_user_id == null ? null : { id: Number(row.owner_user_id), name: row.owner_name ?? '' },
    tags: row.tags,
    communication: communicationOf(row.communication),
    custom_fields: row.custom_fields,
    household,
    soft_credits: softCredits,
    relationships: relationships.map((r) => {
      const kind = r.kind as TRelationshipKind;
      const labels = RELATIONSHIP_KINDS[kind];
      return {
        id: r.id,
        kind,
        label: r.from_donor_id === id ? labels.label : labels.inverse,
        other: { id: r.other_id, name: r.other_name },
      };
    }),
    giving: {
      lifetime_total_minor: Number(giving.lifetime_base_minor),
      gift_count: Number(giving.gift_count),
      first_gift_at: iso(giving.first_gift_at),
      last_gift_at: iso(giving.last_gift_at),
      currency,
    },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Owner, household and custom fields checked against the organisation's; field errors in one 400. */
async function checkReferences(tx: Tx, npoId: number, input: ContactInput) {
  const errors: Record<string, string> = {};
  if (input.owner_user_id !== null && !(await selectTeam(tx, npoId)).some((m) => m.id === input.owner_user_id))
    errors.owner_user_id = CONTACT_MESSAGES.owner;
  if (input.household_id !== null && !(await householdOf(tx, npoId, input.household_id).catch(() => null)))
    errors.household_id = CONTACT_MESSAGES.householdNotFound;
  const checked = checkCustomFields(await selectFields(tx, npoId), input.custom_fields);
  Object.assign(errors, checked.errors);
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', Object.values(errors)[0] ?? CONTACT_MESSAGES.name, errors);
  }
  return checked.values;
}

/** Opt-outs kept with their date and source; a channel turned back on loses its opt-out. */
function communicationFrom(before: ContactDetailsRow['communication'], input: ContactInput, now: Date) {
  const next: Record<string, { opted_out_at: string; source: string }> = { ...before };
  for (const channel of COMMUNICATION_CHANNELS) {
    const allowed = input.communication[channel];
    if (allowed === true) delete next[channel];
    else if (allowed === false && !next[channel])
      next[channel] = { opted_out_at: now.toISOString(), source: input.opt_out_source || 'Staff' };
  }
  return next;
}

async function writeContact(tx: Tx, npoId: number, id: number | null, input: ContactInput, before?: ContactDetailsRow) {
  const customFields = await checkReferences(tx, npoId, input);
  const organisation = isOrganisationType(input.contact_type);
  const core = {
    firstName: organisation ? '' : input.first_name,
    lastName: organisation ? input.last_name || input.first_name : input.last_name,
    email: input.email,
    address: input.address.address,
    address2: input.address.address2,
    city: input.address.city,
    state: input.address.state,
    postalCode: input.address.postal_code,
    country: input.address.country,
  };
  const contactId =
    id === null ? await insertContact(tx, npoId, core) : (await updateContactCore(tx, npoId, id, core)) ? id : null;
  if (contactId === null)
    throw new AppError('CONFLICT', CONTACT_MESSAGES.emailTaken, { email: CONTACT_MESSAGES.emailTaken });
  const firstPrimary = input.phones.findIndex((p) => p.primary);
  await upsertContactDetails(tx, npoId, contactId, {
    contactType: input.contact_type,
    dateOfBirth: input.date_of_birth,
    employer: input.employer,
    source: input.source,
    ownerUserId: input.owner_user_id,
    householdId: input.household_id,
    tags: [...new Set(input.tags)],
    emails: input.emails,
    phones: input.phones.map((p, i) => ({ ...p, primary: i === (firstPrimary < 0 ? 0 : firstPrimary) })),
    addresses: input.addresses,
    communication: communicationFrom(before?.communication ?? {}, input, new Date()),
    customFields,
  });
  return contactId;
}

export async function createContact(db: Db, actor: Actor, input: ContactInput): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await writeContact(tx, actor.npoId, null, input);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact.created',
      targetType: 'donor',
      targetId: id,
      data: { contact_type: input.contact_type },
      ip: actor.ip,
    });
    return id;
  });
}

export async function updateContact(db: Db, actor: Actor, id: number, input: ContactInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectContactDetails(tx, actor.npoId, id, true);
    if (!before) throw contactNotFound();
    await writeContact(tx, actor.npoId, id, input, before);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact.updated',
      targetType: 'donor',
      targetId: id,
      data: { before: { ...before, created_at: String(before.created_at) } },
      ip: actor.ip,
    });
  });
}

export type { TContactInput };
