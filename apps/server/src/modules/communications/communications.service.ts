import {
  COMMUNICATION_MESSAGES,
  COMMUNICATION_SOURCE_LABELS,
  COMMUNICATIONS_PAGE_SIZE,
  type TCommunication,
  type TCommunicationList,
  type ZCommunicationInput,
  type ZCommunicationListQuery,
} from '@kindling/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type CommunicationRow,
  contactExists,
  deleteLogged,
  insertLogged,
  selectCommunications,
  selectLogged,
} from './communications.repository.ts';

export type Actor = { npoId: number; userId: number; ip: string | null; moderator: boolean };

/** A sent e-mail has no subject of its own here: it is named after what it was. */
function subjectOf(r: CommunicationRow): string {
  if (r.subject) return r.subject;
  if (r.source === 'receipt') return `Receipt ${r.receipt_number ?? ''}`.trim();
  if (r.source === 'note') return 'Note';
  return COMMUNICATION_SOURCE_LABELS[r.source];
}

function entryOf(r: CommunicationRow, viewer: Actor): TCommunication {
  return {
    key: `${r.source}-${r.id}`,
    id: r.source === 'logged' ? Number(r.id) : null,
    kind: r.kind,
    source: r.source,
    direction: r.direction,
    subject: subjectOf(r),
    body: r.body,
    occurred_at: new Date(r.occurred_at).toISOString(),
    contact: { id: Number(r.donor_id), name: r.donor_name },
    by: r.user_id == null ? null : { id: Number(r.user_id), name: r.user_name ?? '' },
    donation_id: r.donation_id == null ? null : Number(r.donation_id),
    deletable: r.source === 'logged' && (viewer.moderator || Number(r.user_id) === viewer.userId),
  };
}

type ListQuery = z.output<typeof ZCommunicationListQuery>;

export async function listCommunications(db: Db, viewer: Actor, q: ListQuery): Promise<TCommunicationList> {
  const { npoId } = viewer;
  const offset = (q.page - 1) * COMMUNICATIONS_PAGE_SIZE;
  if (q.contact_id !== undefined && !(await contactExists(db, npoId, q.contact_id))) {
    throw new AppError('NOT_FOUND', COMMUNICATION_MESSAGES.contactNotFound);
  }
  const rows = await selectCommunications(db, {
    npoId,
    contactId: q.contact_id,
    kind: q.kind,
    search: q.search || undefined,
    offset,
    limit: COMMUNICATIONS_PAGE_SIZE + 1,
  });
  return {
    communications: rows.slice(0, COMMUNICATIONS_PAGE_SIZE).map((r) => entryOf(r, viewer)),
    page: q.page,
    has_more: rows.length > COMMUNICATIONS_PAGE_SIZE,
  };
}

export async function logCommunication(
  db: Db,
  actor: Actor,
  input: z.output<typeof ZCommunicationInput>,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    if (!(await contactExists(tx, actor.npoId, input.contact_id))) {
      throw new AppError('VALIDATION_FAILED', COMMUNICATION_MESSAGES.contactNotFound, {
        contact_id: COMMUNICATION_MESSAGES.contactNotFound,
      });
    }
    const id = await insertLogged(tx, {
      npoId: actor.npoId,
      donorId: input.contact_id,
      kind: input.kind,
      direction: input.direction,
      subject: input.subject,
      body: input.body,
      occurredAt: new Date(input.occurred_at),
      userId: actor.userId,
    });
    return { id };
  });
}

/** Whoever logged an entry deletes it, and an organisation's admins any (as with notes). */
export async function removeCommunication(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await selectLogged(tx, actor.npoId, id);
    if (!row) throw new AppError('NOT_FOUND', COMMUNICATION_MESSAGES.notFound);
    if (Number(row.user_id) !== actor.userId && !actor.moderator) {
      throw new AppError('FORBIDDEN', COMMUNICATION_MESSAGES.notYours);
    }
    await deleteLogged(tx, actor.npoId, id);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'communication.deleted',
      targetType: 'donor',
      targetId: Number(row.donor_id),
      data: { id, kind: row.kind, subject: row.subject },
      ip: actor.ip,
    });
  });
}
