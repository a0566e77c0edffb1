// The payment request's e-mails (docs/decisions/055-payment-request-e-mails.md): the request itself, from
// the organisation's editable template, sent on create and by "Resend"; the reminders before and after
// the due day, each at most once per request. Every e-mail is written in the same transaction as its
// row in payment_request_emails, so a failed send leaves no row and a reminder's row exists once.
import { PAYMENT_REQUEST_MESSAGES as M, type TPaymentRequestEmailKind } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { type EmailValues, renderEmail } from '../email-templates/index.ts';
import { lockById, type RequestRow } from './payment-requests.repository.ts';

export type RequestMailDeps = { db: Db; mailer: Mailer; origin: string };

/** Statuses that still take a payment: only these are e-mailed or reminded. */
export const TAKES_PAYMENT = new Set<RequestRow['status']>(['open', 'partly_paid', 'overdue']);

export const payUrl = (origin: string, publicId: string) => `${origin}/pay/${encodeURIComponent(publicId)}`;
export const statementUrl = (origin: string, publicId: string) =>
  `${origin}/api/v1/payment_requests/${encodeURIComponent(publicId)}/statement.pdf`;

function valuesOf(r: RequestRow, origin: string): EmailValues {
  const format = formatFor({ locale: r.locale, timeZone: r.time_zone });
  const asked = r.amount_kind === 'minimum' ? r.amount_minor : Math.max(r.amount_minor - r.paid_minor, 0);
  return {
    donor_first_name: r.payer_first_name,
    donor_name: `${r.payer_first_name} ${r.payer_last_name}`.trim(),
    organisation_name: r.organisation,
    campaign_name: r.campaign_name,
    amount: format.money(asked, r.currency),
    request_purpose: r.purpose,
    due_date: r.due_on ? format.day(r.due_on) : '',
    payment_url: payUrl(origin, r.public_id),
    statement_url: statementUrl(origin, r.public_id),
  };
}

/**
 * Records and sends one e-mail of a request inside `tx`. A reminder already sent (its unique row
 * exists) sends nothing and answers false.
 */
export async function deliverRequestEmail(
  tx: Tx,
  deps: Pick<RequestMailDeps, 'mailer' | 'origin'>,
  r: RequestRow,
  kind: TPaymentRequestEmailKind,
  sentBy: number | null,
): Promise<boolean> {
  const inserted = await tx.execute(sql`
    INSERT INTO payment_request_emails (request_id, kind, recipient, sent_by)
    VALUES (${r.id}, ${kind}, ${r.payer_email}, ${sentBy}) ON CONFLICT DO NOTHING RETURNING id`);
  if (inserted.rows.length === 0) return false;
  const mail = await renderEmail(tx, {
    npoId: r.npo_id,
    kind: kind === 'request' ? 'payment_request' : 'payment_request_reminder',
    values: valuesOf(r, deps.origin),
  });
  await deps.mailer.send({ to: r.payer_email, ...mail }, tx);
  await tx.execute(sql`UPDATE payment_requests SET last_sent_at = now() WHERE id = ${r.id}`);
  return true;
}

/** Staff's "Send"/"Resend": the request e-mail to the payer, while the request still takes payment. */
export async function sendRequestEmail(deps: RequestMailDeps, npoId: number, id: number, sentBy: number) {
  await deps.db.transaction(async (tx) => {
    const r = await lockById(tx, npoId, id);
    if (!r) throw new AppError('NOT_FOUND', M.notFound);
    if (!TAKES_PAYMENT.has(r.status)) throw new AppError('CONFLICT', M.notSendable);
    await deliverRequestEmail(tx, deps, r, 'request', sentBy);
  });
}

export async function requestEmails(db: Db | Tx, requestId: number) {
  const { rows } = await db.execute<{
    id: number;
    kind: TPaymentRequestEmailKind;
    recipient: string;
    sent_at: Date | string;
  }>(sql`
    SELECT id::int, kind, recipient, sent_at FROM payment_request_emails
    WHERE request_id = ${requestId} ORDER BY sent_at DESC, id DESC`);
  return rows.map((e) => ({ ...e, sent_at: new Date(e.sent_at).toISOString() }));
}
