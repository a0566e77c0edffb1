// Payment requests (docs/decisions/050-payment-requests.md): staff create, cancel and settle them by hand;
// the payer's card payment goes through checkout, which asks `requestGate` before making the intent,
// and `linkRequestPayment` (a gift follow-up) counts the recorded donation against the request.
import { randomBytes } from 'node:crypto';
import {
  PAYMENT_REQUEST_MESSAGES as M,
  type TPaymentRequestDetail,
  type TPaymentRequestSummary,
  type TPublicPaymentRequest,
  type ZMarkPaidOffline,
  type ZPaymentRequestInput,
} from '@kindling/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { addDays, midnightIn } from '../../platform/format/calendar.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession } from '../../platform/http/session-context.ts';
import { recordAudit } from '../audit/index.ts';
import { findGiftContext } from '../campaigns/index.ts';
import { recordOfflineGift } from '../donation-admin/index.ts';
import type { RecordedGift } from '../donations/index.ts';
import { donors } from '../donors/index.ts';
import { findNpo } from '../organisations/index.ts';
import { requestEmails } from './payment-request-emails.ts';
import { assertInstalmentChoice, instalmentOf, scheduleOf } from './payment-request-instalments.ts';
import {
  addPayment,
  findByPublicId,
  findRequest,
  listRequests,
  lockById,
  lockByPublicId,
  outstandingTotals,
  type RequestRow,
  requestPayments,
} from './payment-requests.repository.ts';
import { paymentRequests } from './payment-requests.tables.ts';

type Input = z.output<typeof ZPaymentRequestInput>;
const notFound = () => new AppError('NOT_FOUND', M.notFound);

/** Raw queries answer timestamps as text. */
const iso = (value: Date | string) => new Date(value).toISOString();

const payerName = (r: RequestRow) => `${r.payer_first_name} ${r.payer_last_name}`.trim() || r.payer_email;

export function toSummary(r: RequestRow): TPaymentRequestSummary {
  return {
    id: r.id,
    public_id: r.public_id,
    status: r.status,
    payer_name: payerName(r),
    payer_email: r.payer_email,
    donor_id: r.donor_id,
    purpose: r.purpose,
    reference: r.reference,
    amount_kind: r.amount_kind,
    amount_minor: r.amount_minor,
    paid_minor: r.paid_minor,
    outstanding_minor: r.outstanding_minor,
    currency: r.currency,
    due_on: r.due_on,
    created_at: iso(r.created_at),
  };
}

export async function listPaymentRequests(
  db: Db,
  npoId: number,
  filter: { status?: TPaymentRequestSummary['status'] | undefined; donor_id?: number | undefined },
) {
  const [rows, outstanding] = await Promise.all([
    listRequests(db, npoId, { status: filter.status, donorId: filter.donor_id }),
    outstandingTotals(db, npoId),
  ]);
  return { requests: rows.map(toSummary), outstanding };
}

export async function paymentRequestDetail(db: Db, npoId: number, id: number): Promise<TPaymentRequestDetail> {
  const r = await findRequest(db, npoId, id);
  if (!r) throw notFound();
  const [payments, emails] = await Promise.all([requestPayments(db, r.id), requestEmails(db, r.id)]);
  return {
    ...toSummary(r),
    description: r.description,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    designation_id: r.designation_id,
    expires_at: r.expires_at === null ? null : iso(r.expires_at),
    allow_fee_cover: r.allow_fee_cover,
    last_sent_at: r.last_sent_at === null ? null : iso(r.last_sent_at),
    cancelled_at: r.cancelled_at === null ? null : iso(r.cancelled_at),
    pay_path: `/pay/${r.public_id}`,
    payments: payments.map((p) => ({
      ...p,
      paid_at: iso(p.paid_at),
      payment_method: p.payment_method ?? '',
      provider: p.provider ?? '',
    })),
    emails,
    statement_path: `/api/v1/npo_admin/payment_requests/${r.id}/statement.pdf`,
    schedule: scheduleOf(r),
  };
}

/** 18 random bytes: 144 bits, nothing to guess or count through. */
export const newPublicId = () => randomBytes(18).toString('base64url');

async function payerOf(db: Db, npoId: number, input: Input) {
  if (input.donor_id) {
    const [donor] = await db
      .select({ email: donors.email, firstName: donors.firstName, lastName: donors.lastName })
      .from(donors)
      .where(and(eq(donors.id, input.donor_id), eq(donors.npoId, npoId)));
    if (!donor) throw new AppError('NOT_FOUND', 'No such donor.', { donor_id: 'Choose one of your donors.' });
    return { donorId: input.donor_id, firstName: donor.firstName, lastName: donor.lastName, email: donor.email };
  }
  const payer = input.payer;
  if (!payer) throw new AppError('VALIDATION_FAILED', 'Choose a donor.', { donor_id: 'Choose a donor.' });
  return { donorId: null, firstName: payer.first_name, lastName: payer.last_name, email: payer.email };
}

export async function createPaymentRequest(db: Db, actor: OrganisationSession, input: Input, ip: string | null) {
  const npoId = actor.selectedNpoId;
  const payer = await payerOf(db, npoId, input);
  const campaign = await findGiftContext(db, npoId, input.campaign_id);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.', { campaign_id: 'Choose one of your campaigns.' });
  if (input.designation_id && !campaign.designations.some((d) => d.id === input.designation_id)) {
    const message = 'Choose one of the campaign’s designations.';
    throw new AppError('NOT_FOUND', 'No such designation.', { designation_id: message });
  }
  const zone = (await findNpo(db, npoId))?.timeZone ?? 'UTC';
  const [row] = await db
    .insert(paymentRequests)
    .values({
      npoId,
      publicId: newPublicId(),
      donorId: payer.donorId,
      payerFirstName: payer.firstName ?? '',
      payerLastName: payer.lastName ?? '',
      payerEmail: payer.email,
      amountKind: input.amount_kind,
      amountMinor: input.amount_minor,
      currency: input.currency,
      purpose: input.purpose,
      description: input.description,
      campaignId: input.campaign_id,
      designationId: input.designation_id ?? null,
      dueOn: input.due_on ?? null,
      // The link works through the whole expiry day, in the organisation's own day.
      expiresAt: input.expires_on ? midnightIn(addDays(input.expires_on, 1), zone) : null,
      reference: input.reference,
      allowFeeCover: input.allow_fee_cover,
      instalments: input.instalments,
      createdBy: actor.user.id,
    })
    .returning({ id: paymentRequests.id });
  if (!row) throw new Error('payment request not inserted');
  await recordAudit(db, {
    npoId,
    actorUserId: actor.user.id,
    action: 'payment_request.created',
    targetType: 'payment_request',
    targetId: row.id,
    data: { amount_minor: input.amount_minor, currency: input.currency },
    ip,
  });
  return row.id;
}

export async function cancelPaymentRequest(db: Db, actor: OrganisationSession, id: number, ip: string | null) {
  const npoId = actor.selectedNpoId;
  await db.transaction(async (tx) => {
    const r = await lockById(tx, npoId, id);
    if (!r) throw notFound();
    if (r.status === 'paid' || r.status === 'cancelled') throw new AppError('CONFLICT', M.notCancellable);
    await tx.execute(sql`UPDATE payment_requests SET cancelled_at = now() WHERE id = ${id}`);
    await recordAudit(tx, {
      npoId,
      actorUserId: actor.user.id,
      action: 'payment_request.cancelled',
      targetType: 'payment_request',
      targetId: id,
      data: {},
      ip,
    });
  });
}

/** What may be paid now, or the plain reason it may not. */
export function assertPayable(r: RequestRow, giftMinor: number, currency: string, feeMinor: number) {
  if (r.status === 'paid') throw new AppError('CONFLICT', M.paid);
  if (r.status === 'cancelled') throw new AppError('CONFLICT', M.cancelled);
  if (r.status === 'expired') throw new AppError('CONFLICT', M.expired);
  const field = (message: string) => new AppError('UNPROCESSABLE', message, { amount: message });
  if (currency.toUpperCase() !== r.currency) throw field(M.currency(r.currency));
  if (feeMinor > 0 && !r.allow_fee_cover) throw field(M.feeCover);
  if (r.amount_kind === 'minimum' && giftMinor < r.amount_minor)
    throw field(M.belowMinimum(r.amount_minor, r.currency, r.locale));
  const left = r.amount_minor - r.paid_minor;
  if (r.amount_kind === 'fixed' && giftMinor > left) throw field(M.aboveLeft(left, r.currency, r.locale));
}

/**
 * Settled outside Kindling (a bank transfer, a cheque): recorded as an offline gift to the
 * request's campaign, counted against the request in the same transaction (under its lock).
 */
export async function markPaidOffline(
  db: Db,
  actor: OrganisationSession,
  id: number,
  body: z.output<typeof ZMarkPaidOffline>,
  ip: string | null,
) {
  const r = await findRequest(db, actor.selectedNpoId, id);
  if (!r) throw notFound();
  const amount = body.amount_minor ?? (r.amount_kind === 'fixed' ? r.amount_minor - r.paid_minor : r.amount_minor);
  assertPayable(r, amount, r.currency, 0);
  const gift = {
    campaign_id: r.campaign_id,
    designation_id: r.designation_id,
    method: body.method,
    received_on: body.received_on,
    amount_minor: amount,
    currency: r.currency,
    gift_aid: false,
    note: body.note,
    ...(r.donor_id
      ? { donor_id: r.donor_id }
      : { donor: { first_name: r.payer_first_name, last_name: r.payer_last_name, email: r.payer_email } }),
  };
  return recordOfflineGift(db, actor, gift, ip, async (tx, donation) => {
    const locked = await lockById(tx, actor.selectedNpoId, id);
    if (!locked) throw notFound();
    assertPayable(locked, amount, locked.currency, 0);
    await addPayment(tx, locked, donation.id, amount);
  });
}

/** The payer's view: nothing staff keep for themselves (reference, donor id, internal notes). */
export async function publicPaymentRequest(db: Db, publicId: string): Promise<TPublicPaymentRequest> {
  const r = await findByPublicId(db, publicId);
  if (!r) throw notFound();
  return {
    public_id: r.public_id,
    status: r.status,
    organisation: r.organisation,
    logo_url: r.logo_url,
    purpose: r.purpose,
    description: r.description,
    amount_kind: r.amount_kind,
    amount_minor: r.amount_minor,
    paid_minor: r.paid_minor,
    payable_minor:
      r.amount_kind === 'minimum'
        ? r.amount_minor
        : r.instalments > 1 && r.paid_minor === 0
          ? instalmentOf(r)
          : Math.max(r.amount_minor - r.paid_minor, 0),
    currency: r.currency,
    due_on: r.due_on,
    allow_fee_cover: r.allow_fee_cover,
    payer: { first_name: r.payer_first_name, last_name: r.payer_last_name, email: r.payer_email },
    campaign_id: r.campaign_id,
    designation_id: r.designation_id,
    locale: r.locale,
    instalments: r.instalments,
    schedule: scheduleOf(r),
  };
}

/** Checkout's question before it makes an intent for a request (checkout's PaymentRequestGate). */
export const requestGate =
  (db: Db) =>
  async (
    campaign: { npo_id: number; campaign_id: number },
    body: { payment_request: string; amount: number; currency: string; included_fees: number; interval: string },
  ) => {
    const r = await findByPublicId(db, body.payment_request);
    if (!r || r.npo_id !== campaign.npo_id || r.campaign_id !== campaign.campaign_id) throw notFound();
    assertPayable(r, body.amount - body.included_fees, body.currency, body.included_fees);
    assertInstalmentChoice(r, body.amount - body.included_fees, body.interval);
  };

/**
 * A gift follow-up: a donation whose intent names a request is counted against it, under the
 * request's row lock, once. A second payment that arrives after the request was paid (two tabs
 * paying at once) stays an ordinary gift to the campaign: the money is the payer's to have back,
 * and staff see it in the donations list. Ordinary gifts return before any query.
 */
export async function linkRequestPayment({ db, donation, payment }: RecordedGift): Promise<void> {
  const publicId = payment.metadata.payment_request;
  if (!publicId || donation.status !== 'succeeded') return;
  const gift = donation.amountMinor - donation.feeCoveredMinor;
  await db.transaction(async (tx) => {
    const r = await lockByPublicId(tx, publicId);
    if (!r || r.npo_id !== donation.npoId) return;
    try {
      assertPayable(r, gift, donation.currency, 0);
    } catch {
      return;
    }
    await addPayment(tx, r, donation.id, gift);
  });
}

export const findRequestByPublicId = findByPublicId;
