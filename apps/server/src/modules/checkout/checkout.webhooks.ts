// POST /api/v1/webhooks/:provider. The signature covers the exact bytes sent, so this route keeps
// the raw body (its own content-type parser, scoped to this plugin) and hands it to the provider.
import { ZAnswers, ZDonationChoiceFields } from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { zodRouter } from '../../platform/http/router.ts';
import { findPayableCampaign } from '../campaigns/index.ts';
import type { Decline } from '../card-testing/index.ts';
import { recordProviderMoneyEvent } from '../donation-admin/index.ts';
import { hasPendingDonation, settlePendingDonation } from '../donations/index.ts';
import { ProviderError, type ProviderEvent, type ProviderName, WebhookSignatureError } from '../payments/index.ts';
import { recordFailedPaymentEvent } from '../transactions/index.ts';
import { type DonorChoice, recordDonation } from './checkout.donation.ts';
import { type CheckoutDeps, followUpsOf } from './checkout.service.ts';

const ZParams = z.object({ provider: z.enum(['sandbox', 'stripe', 'paypal']) });
/** Refunds and disputes: recorded against the stored gift (decision 016). */
const MONEY_EVENTS: readonly ProviderEvent['type'][] = [
  'refund.recorded',
  'refund.failed',
  'dispute.opened',
  'dispute.closed',
];

export async function checkoutWebhookRoutes(app: FastifyInstance, deps: CheckoutDeps): Promise<void> {
  // Encapsulated: only routes of this plugin receive Buffers instead of parsed JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  const doc = {
    summary: 'A payment provider event',
    body: {
      mediaType: 'application/json',
      description: "The provider's event exactly as it sent it: the signature in its headers covers these bytes.",
    },
    responses: { 200: z.object({ received: z.literal(true) }) },
  };
  const config = { access: { kind: 'provider-signature' }, openapi: doc } as const;
  zodRouter(app, 'Webhooks').post(
    '/api/v1/webhooks/:provider',
    { config, schema: { params: ZParams } },
    async (request, reply) => {
      const provider = deps.providers.byName(request.params.provider);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = await provider.parseWebhook(raw, request.headers).catch((error: unknown) => {
        if (error instanceof WebhookSignatureError)
          throw new AppError('VALIDATION_FAILED', 'Invalid webhook signature.');
        throw error;
      });
      // fin18: a ticket order's payment is the events module's (decision 072); one metadata check for a gift.
      const settled = event.type === 'payment.succeeded' || event.type === 'payment.processing';
      if (settled && (await deps.ownPayments?.(provider.name, event))) return reply.send({ received: true });
      if (event.type === 'payment.succeeded') await recordFromEvent(deps, provider.name, event);
      // wallet15: a bank debit accepted (processing) is recorded pending; a failure settles it (decision 038).
      else if (event.type === 'payment.processing') await recordFromEvent(deps, provider.name, event, true);
      else if (event.type === 'payment.failed') {
        await failPendingDebit(deps, provider.name, event);
        // Counted first: it decides whether the next intent from there needs a challenge.
        const decline = declineOf(provider.name, event);
        if (decline) await deps.cardTesting.recordDecline(decline).catch((e) => deps.log?.(e));
        const failed = { ...event, id: event.providerReference, status: 'failed' };
        await recordFailedPaymentEvent(deps.db, provider.name, failed).catch((e) => deps.log?.(e));
      } else if (MONEY_EVENTS.includes(event.type)) {
        // An event about an unknown or another organisation's payment still answers 200, so the
        // provider stops retrying; why it changed nothing goes to the log.
        await recordProviderMoneyEvent(deps.db, provider.name, event, (message, context) =>
          request.log.warn(context, message),
        );
      }
      return reply.send({ received: true });
    },
  );
}

/**
 * A declined payment of the donation form as the card-testing limits count it: only intents the
 * form created carry the client's address, so a plan's off-session charge is never counted.
 */
function declineOf(providerName: ProviderName, event: ProviderEvent): Decline | null {
  const id = (value: string | undefined) =>
    Number.isSafeInteger(Number(value)) && Number(value) > 0 ? Number(value) : null;
  const npoId = id(event.metadata.npo_id);
  if (!npoId || !event.metadata.client_ip || event.metadata.plan_id) return null;
  return {
    eventKey: `${providerName}:${event.id}`,
    npoId,
    campaignId: id(event.metadata.campaign_id),
    clientAddress: event.metadata.client_ip || null,
    cardFingerprint: event.cardFingerprint ?? null,
    cardLast4: event.cardLast4 ?? null,
  };
}

/**
 * A payment that succeeded while the browser was gone. Amount, currency and status are re-read
 * from the provider; the donor's details travel in the intent's metadata (set at intent time when
 * the form sent them). Without an e-mail the event is only acknowledged: confirm_payment records
 * the gift when the browser comes back.
 */
async function recordFromEvent(deps: CheckoutDeps, providerName: ProviderName, event: ProviderEvent, pending = false) {
  const found = await paymentOfEvent(deps, providerName, event);
  if (!found) return;
  const { payment, npoId, campaign } = found;
  // The provider's stored record wins over the event for everything it holds.
  const meta = { ...event.metadata, ...payment.metadata };
  const expected = pending ? 'processing' : 'succeeded';
  if (payment.status !== expected || meta.npo_id !== String(npoId) || !meta.donor_email?.includes('@')) return;
  await recordDonation({
    pending,
    ...followUpsOf(deps),
    db: deps.db,
    provider: providerName,
    payment: { ...payment, metadata: meta },
    npoId,
    campaign: campaign && campaign.npo_id === npoId ? campaign : null,
    choice: choiceFromMetadata(meta),
  });
}

/** The payment an event names, re-read from the provider (never the event's word for it). */
async function paymentOfEvent(deps: CheckoutDeps, providerName: ProviderName, event: ProviderEvent) {
  const npoId = Number(event.metadata.npo_id);
  if (!event.providerReference || !Number.isSafeInteger(npoId) || npoId <= 0) return null;
  const campaign = await findPayableCampaign(deps.db, deps.config, Number(event.metadata.campaign_id));
  const account = { npoId, accountId: event.accountId ?? campaign?.stripe_account ?? null };
  // Wallet orders are not intents: paypal_capture records those, so the event is acknowledged.
  const payment = await deps.providers
    .byName(providerName)
    .retrieveIntent({ account, id: event.providerReference })
    .catch((error: unknown) => {
      if (error instanceof ProviderError) return null;
      throw error;
    });
  return payment ? { payment, npoId, campaign } : null;
}

/**
 * A debit the bank refused days later: its pending gift becomes failed, once, when the provider
 * confirms the payment is neither processing nor succeeded. No receipt was ever sent.
 */
async function failPendingDebit(deps: CheckoutDeps, providerName: ProviderName, event: ProviderEvent) {
  const reference = event.providerReference;
  // Most failures are declined cards with nothing recorded: the provider is asked only for a pending gift.
  if (!reference || !(await hasPendingDonation(deps.db, providerName, reference))) return;
  const found = await paymentOfEvent(deps, providerName, event);
  if (!found || ['processing', 'succeeded'].includes(found.payment.status)) return;
  await settlePendingDonation(deps.db, {
    provider: providerName,
    providerReference: reference,
    outcome: 'failed',
  });
}

function choiceFromMetadata(meta: Record<string, string>): DonorChoice {
  const flag = (key: string) => meta[key] === 'true';
  return {
    first_name: meta.donor_first_name ?? '',
    last_name: meta.donor_last_name ?? '',
    email: meta.donor_email ?? '',
    address: meta.donor_address ?? '',
    address2: meta.donor_address2 ?? '',
    city: meta.donor_city ?? '',
    state: meta.donor_state ?? '',
    postal_code: meta.donor_postal_code ?? '',
    country: meta.donor_country ?? '',
    designation: Number(meta.designation) || null,
    comment: meta.comment ?? '',
    answers: ZAnswers.safeParse(meta.answers ?? '').data ?? {},
    add_to_donor_wall: flag('add_to_donor_wall'),
    first_name_only_to_donor_wall: flag('first_name_only_to_donor_wall'),
    show_amount_on_donor_wall: flag('show_amount_on_donor_wall'),
    show_comment_on_donor_wall: flag('show_comment_on_donor_wall'),
    create_donor_account: flag('create_donor_account'),
    gift_aid: flag('gift_aid'),
    payment_method: meta.payment_method ?? 'card',
    // conv15: tribute gifts.
    tribute: ZDonationChoiceFields.shape.tribute.safeParse(meta.tribute ?? null).data ?? null,
  };
}
