// Once-only donor e-mails: a notice is claimed by inserting its row (the unique key decides who
// claimed it when two sweeps or two instances race) and stamped when its job sent it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { emailNotices } from './email-notices.tables.ts';
import type { EmailKind } from './render-email.ts';

export type NoticeClaim = { npoId: number; kind: EmailKind; noticeKey: string; donorId: number };
export type NoticeRow = typeof emailNotices.$inferSelect;

/** True for the one caller that claimed the notice; every later or concurrent claim gets false. */
export async function claimNotice(tx: Tx, claim: NoticeClaim): Promise<boolean> {
  const rows = await tx
    .insert(emailNotices)
    .values(claim)
    .onConflictDoNothing({ target: [emailNotices.npoId, emailNotices.kind, emailNotices.noticeKey] })
    .returning({ id: emailNotices.id });
  return rows.length > 0;
}

/**
 * The claimed, unsent notice, locked until the caller's transaction ends (a second job for it
 * waits, then finds it sent). Null when it was sent or skipped already, or never claimed.
 */
export async function lockUnsentNotice(
  tx: Tx,
  key: Pick<NoticeClaim, 'npoId' | 'kind' | 'noticeKey'>,
): Promise<NoticeRow | null> {
  const [row] = await tx
    .select()
    .from(emailNotices)
    .where(
      and(
        eq(emailNotices.npoId, key.npoId),
        eq(emailNotices.kind, key.kind),
        eq(emailNotices.noticeKey, key.noticeKey),
      ),
    )
    .for('update');
  return row && row.sentAt === null && row.skippedReason === null ? row : null;
}

export async function settleNotice(tx: Tx, id: number, outcome: { sent: true } | { skipped: string }): Promise<void> {
  await tx
    .update(emailNotices)
    .set('sent' in outcome ? { sentAt: sql`now()` } : { skippedReason: outcome.skipped })
    .where(and(eq(emailNotices.id, id), isNull(emailNotices.sentAt)));
}

/** A claimed notice not sent (nor skipped) yet: its job may have been lost and can be sent again. */
export async function isNoticeUnsent(tx: Tx, key: Pick<NoticeClaim, 'npoId' | 'kind' | 'noticeKey'>): Promise<boolean> {
  const [row] = await tx
    .select({ id: emailNotices.id })
    .from(emailNotices)
    .where(
      and(
        eq(emailNotices.npoId, key.npoId),
        eq(emailNotices.kind, key.kind),
        eq(emailNotices.noticeKey, key.noticeKey),
        isNull(emailNotices.sentAt),
        isNull(emailNotices.skippedReason),
      ),
    );
  return row !== undefined;
}

export type NoticeDelivery = 'sent' | 'already-sent' | 'skipped';

/**
 * Sends a claimed notice at most once: `send` runs inside the transaction that holds the notice's
 * row lock and stamps sent_at, so a failed send (or a crash) leaves it unsent for the job's retry,
 * and a job run twice finds it sent. `send` answers a reason instead of sending when the notice
 * no longer holds (the plan was paused…); the notice is then closed as skipped.
 */
export async function deliverNoticeOnce(
  db: Db,
  key: Pick<NoticeClaim, 'npoId' | 'kind' | 'noticeKey'>,
  send: (tx: Tx) => Promise<{ sent: true } | { skipped: string }>,
): Promise<NoticeDelivery> {
  return db.transaction(async (tx) => {
    const notice = await lockUnsentNotice(tx, key);
    if (!notice) return 'already-sent';
    const outcome = await send(tx);
    await settleNotice(tx, notice.id, outcome);
    return 'sent' in outcome ? 'sent' : 'skipped';
  });
}
