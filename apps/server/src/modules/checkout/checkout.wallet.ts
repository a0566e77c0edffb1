// The PayPal button's path (docs/product/payments.md#calls): an order for the campaign's amount, approved by
// the payer at the wallet (the sandbox's approval page without keys), then captured here once.
import type { TPublicCampaign, ZPaypalCaptureRequest } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import type { CapturedOrder } from '../payments/index.ts';
import { recordFailedPaymentEvent } from '../transactions/index.ts';
import { recordDonation } from './checkout.donation.ts';
import {
  assertChoiceAllowed,
  assertRequestPayable,
  CHECKOUT_MESSAGES,
  type CheckoutDeps,
  donorMetadata,
  followUpsOf,
  payableCampaign,
  rethrowProvider,
  walletAccountOf,
  type ZOrderRequest,
} from './checkout.service.ts';

type OrderBody = z.output<typeof ZOrderRequest>;
type CaptureBody = z.output<typeof ZPaypalCaptureRequest>;

/** Back to the form the donor came from: the fundraiser's page for a peer gift, /pay/{id} for a request. */
function formUrl(
  deps: CheckoutDeps,
  campaign: TPublicCampaign,
  outcome: 'return' | 'cancel',
  request?: string,
): string {
  const path = request
    ? `/pay/${encodeURIComponent(request)}`
    : campaign.peer
      ? `/raise/${campaign.peer.campaign_url}`
      : `/${campaign.campaign_url}`;
  const origin = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : '';
  return `${origin}${path}?paypal=${outcome}`;
}

export async function createOrder(deps: CheckoutDeps, body: OrderBody, idempotencyKey: string) {
  const campaign = await payableCampaign(deps, body.campaign_id);
  const choice = { ...body, currency: body.currency_code };
  // pay25: a request's amount is the request's to check (docs/decisions/050-payment-requests.md).
  const request = body.payment_request;
  if (request) await assertRequestPayable(deps, campaign, { ...choice, payment_request: request }, 'paypal');
  else assertChoiceAllowed(campaign, choice, 'paypal');
  const order = await deps.providers.wallet
    .createOrder({
      account: walletAccountOf(campaign),
      amountMinor: body.amount,
      currency: body.currency_code,
      idempotencyKey,
      returnUrl: formUrl(deps, campaign, 'return', request),
      cancelUrl: formUrl(deps, campaign, 'cancel', request),
      description: `Donation to ${campaign.npo}`,
      metadata: {
        campaign_id: String(campaign.campaign_id),
        peer_campaign_id: body.peer_campaign_id ? String(body.peer_campaign_id) : '',
        npo_id: String(campaign.npo_id),
        interval: body.interval,
        included_fees: String(body.included_fees),
        ...donorMetadata({ ...body, email: body.email || undefined }),
        // pay25: capture's follow-up counts the gift against this request, once, under its lock.
        ...(request ? { payment_request: request } : {}),
      },
    })
    .catch(rethrowProvider);
  return { order_id: order.id, id: order.id, approve_url: order.approveUrl };
}

/**
 * One capture at a time per order, across every server instance: a transaction-scoped advisory
 * lock serialises double clicks and retries; the provider's own idempotency and the donation's
 * unique (provider, reference) make any repeat answer with the first result.
 */
async function captureOnce(deps: CheckoutDeps, campaign: TPublicCampaign, orderId: string): Promise<CapturedOrder> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`paypal-capture:${orderId}`}))`);
    return deps.providers.wallet
      .captureOrder({ account: walletAccountOf(campaign), orderId, idempotencyKey: `capture-${orderId}` })
      .catch(rethrowProvider);
  });
}

export async function capturePaypal(deps: CheckoutDeps, body: CaptureBody) {
  const campaign = await payableCampaign(deps, body.campaign_id);
  const captured = await captureOnce(deps, campaign, body.order_id);
  const meta = captured.metadata;
  if (meta.npo_id !== String(campaign.npo_id) || meta.campaign_id !== String(campaign.campaign_id)) {
    throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.mismatch);
  }
  if (captured.status !== 'succeeded') {
    const context = { npoId: campaign.npo_id, campaignId: campaign.campaign_id };
    const attempt = { ...captured, id: captured.orderId };
    await recordFailedPaymentEvent(deps.db, deps.providers.wallet.name, attempt, context).catch((e) => deps.log?.(e));
    const message = captured.failureMessage ?? CHECKOUT_MESSAGES.failed;
    return { status: captured.status === 'processing' ? 'processing' : 'failed', message, donation: null };
  }
  const email = meta.donor_email || captured.payerEmail || '';
  const { donation } = await recordDonation({
    ...followUpsOf(deps),
    db: deps.db,
    provider: deps.providers.wallet.name,
    // One donation per order: the webhook names the order too.
    payment: { ...captured, id: captured.orderId },
    npoId: campaign.npo_id,
    campaign,
    choice: {
      ...body,
      first_name: meta.donor_first_name ?? '',
      last_name: meta.donor_last_name ?? '',
      email,
      payment_method: 'paypal',
    },
  });
  return { status: 'success' as const, donation };
}
