import { CONTACT_MESSAGES, type THousehold, type ZHouseholdInput, type ZRelationshipInput } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { addressLines, loadGivingStatement, statementPdfOr404, statementYearsOf } from '../donors/index.ts';
import {
  deleteRelationship,
  type HouseholdRef,
  householdIdOf,
  insertHousehold,
  insertRelationship,
  selectHousehold,
  selectHouseholdMembers,
  updateHousehold,
} from './contact-links.repository.ts';
import { selectContactDetails } from './contact-record.repository.ts';
import { selectHouseholdSoftCredited } from './soft-credits.repository.ts';

export { selectRelationships } from './contact-links.repository.ts';

type Actor = { userId: number; npoId: number; ip: string | null };
const householdNotFound = () => new AppError('NOT_FOUND', CONTACT_MESSAGES.householdNotFound);

export async function organisationCurrency(db: Db | Tx, npoId: number): Promise<string> {
  const { rows } = await db.execute<{ c: string }>(sql`SELECT base_currency AS c FROM npos WHERE id = ${npoId}`);
  return rows[0]?.c ?? 'USD';
}

/** The household with its members and their giving added up; 404 unless it is the organisation's. */
export async function householdOf(db: Db | Tx, npoId: number, id: number): Promise<THousehold> {
  const household = await householdRead(db, npoId, id);
  if (!household) throw householdNotFound();
  return household;
}

/** A contact's household (null when they have none), its three reads side by side. */
export const householdOfContact = (db: Db | Tx, npoId: number, contactId: number) =>
  householdRead(db, npoId, { contactId });

async function householdRead(db: Db | Tx, npoId: number, ref: HouseholdRef): Promise<THousehold | null> {
  const memberIds = sql`SELECT donor_id FROM contact_details WHERE household_id = ${householdIdOf(ref)}`;
  const [household, members, credited, currency] = await Promise.all([
    selectHousehold(db, npoId, ref),
    selectHouseholdMembers(db, npoId, ref),
    selectHouseholdSoftCredited(db, npoId, memberIds),
    organisationCurrency(db, npoId),
  ]);
  if (!household) return null;
  const statementYears = await statementYearsOf(
    db,
    npoId,
    members.map((m) => m.id),
  );
  // Each member's own gifts, plus the gifts credited to a member that no member gave, each once.
  return {
    ...household,
    members,
    statement_years: statementYears,
    lifetime_total_minor: members.reduce((sum, m) => sum + m.lifetime_total_minor, 0) + credited.total,
    gift_count: members.reduce((sum, m) => sum + m.gift_count, 0) + credited.count,
    currency,
  };
}

/**
 * The household's annual statement for giving year `year`: addressed to the household by its name,
 * salutation and address, listing each member's gifts once (docs/product/crm.md#households-and-relationships).
 */
export async function householdStatementPdf(db: Db | Tx, npoId: number, id: number, year: number): Promise<Buffer> {
  const [household, members] = await Promise.all([
    selectHousehold(db, npoId, id),
    selectHouseholdMembers(db, npoId, id),
  ]);
  if (!household) throw householdNotFound();
  const addressee = {
    name: household.name,
    address: addressLines(household),
    email: null,
    salutation: household.salutation.trim() || null,
  };
  const donorIds = members.map((m) => m.id);
  const statement = await loadGivingStatement(db, { npoId, donorIds, year, addressee });
  return statementPdfOr404(statement, CONTACT_MESSAGES.householdNotFound);
}

export async function createHousehold(db: Db, actor: Actor, input: z.output<typeof ZHouseholdInput>): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await insertHousehold(tx, actor.npoId, input);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'household.created',
      targetType: 'household',
      targetId: id,
      data: { name: input.name },
      ip: actor.ip,
    });
    return id;
  });
}

export async function changeHousehold(db: Db, actor: Actor, id: number, input: z.output<typeof ZHouseholdInput>) {
  await db.transaction(async (tx) => {
    if (!(await updateHousehold(tx, actor.npoId, id, input))) throw householdNotFound();
  });
}

/** Records a relationship between two of the organisation's contacts, read from both sides. */
export async function addRelationship(
  db: Db,
  actor: Actor,
  contactId: number,
  input: z.output<typeof ZRelationshipInput>,
): Promise<void> {
  if (input.other_id === contactId)
    throw new AppError('VALIDATION_FAILED', CONTACT_MESSAGES.relationshipSelf, {
      other_id: CONTACT_MESSAGES.relationshipSelf,
    });
  await db.transaction(async (tx) => {
    const [self, other] = await Promise.all([
      selectContactDetails(tx, actor.npoId, contactId),
      selectContactDetails(tx, actor.npoId, input.other_id),
    ]);
    if (!self) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
    if (!other)
      throw new AppError('VALIDATION_FAILED', CONTACT_MESSAGES.notFound, { other_id: CONTACT_MESSAGES.notFound });
    const [fromId, toId] = input.inverse ? [input.other_id, contactId] : [contactId, input.other_id];
    const id = await insertRelationship(tx, { npoId: actor.npoId, fromId, toId, kind: input.kind });
    if (id === null)
      throw new AppError('CONFLICT', CONTACT_MESSAGES.relationshipExists, {
        kind: CONTACT_MESSAGES.relationshipExists,
      });
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'contact.relationship_added',
      targetType: 'donor',
      targetId: contactId,
      data: { relationship_id: id, kind: input.kind, from: fromId, to: toId },
      ip: actor.ip,
    });
  });
}

export async function removeRelationship(db: Db, actor: Actor, contactId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteRelationship(tx, actor.npoId, contactId, id)))
      throw new AppError('NOT_FOUND', CONTACT_MESSAGES.relationshipNotFound);
  });
}

// crm20: members join and leave a household from the contact record.
/** Puts a contact of the organisation into the household; one already in another household is refused. */
export async function addHouseholdMember(db: Db, actor: Actor, householdId: number, contactId: number) {
  await db.transaction(async (tx) => {
    const [household, contact] = await Promise.all([
      selectHousehold(tx, actor.npoId, householdId),
      selectContactDetails(tx, actor.npoId, contactId),
    ]);
    if (!household) throw householdNotFound();
    if (!contact)
      throw new AppError('VALIDATION_FAILED', CONTACT_MESSAGES.notFound, { contact_id: CONTACT_MESSAGES.notFound });
    const { rows } = await tx.execute<{ household_id: number }>(sql`
      INSERT INTO contact_details (donor_id, npo_id, household_id) VALUES (${contactId}, ${actor.npoId}, ${householdId})
      ON CONFLICT (donor_id) DO UPDATE SET household_id = EXCLUDED.household_id, updated_at = now()
        WHERE contact_details.household_id IS NULL OR contact_details.household_id = EXCLUDED.household_id
      RETURNING household_id`);
    if (rows.length === 0)
      throw new AppError('CONFLICT', CONTACT_MESSAGES.memberElsewhere, {
        contact_id: CONTACT_MESSAGES.memberElsewhere,
      });
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'household.member_added',
      targetType: 'household',
      targetId: householdId,
      data: { contact_id: contactId },
      ip: actor.ip,
    });
  });
}

/** Takes a member out of the household (the household stays, even empty). */
export async function removeHouseholdMember(db: Db, actor: Actor, householdId: number, contactId: number) {
  await db.transaction(async (tx) => {
    if (!(await selectHousehold(tx, actor.npoId, householdId))) throw householdNotFound();
    const { rows } = await tx.execute(sql`
      UPDATE contact_details SET household_id = NULL, updated_at = now()
      WHERE npo_id = ${actor.npoId} AND donor_id = ${contactId} AND household_id = ${householdId} RETURNING donor_id`);
    if (rows.length === 0) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.memberNotFound);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'household.member_removed',
      targetType: 'household',
      targetId: householdId,
      data: { contact_id: contactId },
      ip: actor.ip,
    });
  });
}
