// Saving PayPal for a recurring gift (docs/product/payments.md#calls): create_setup_token keeps the donor's
// whole choice with the provider's setup token and sends the donor to approve; on return,
// create_payment_token turns the approval into a reusable payment token; save_paypal_payment_method
// charges the first gift with it and records the donation, which makes the plan.
import {
  DONOR_MESSAGES,
  feeCoverMatches,
  type TPublicCampaign,
  type ZCreatePaymentTokenRequest,
  type ZCreateSetupTokenRequest,
  type ZSavePaypalPaymentMethodRequest,
} from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { findPayableCampaign } from '../campaigns/index.ts';
import type { ProviderAccount, ProviderPayment } from '../payments/index.ts';
import {
  findOpenSetupByToken,
  findSetupByPaymentToken,
  insertVaultSetup,
  isRecurring,
  recordSetupOutcome,
  storePaymentToken,
  VAULT_SETUP_LIFETIME_MS,
  type VaultSetupRow,
} from '../plans/index.ts';
import { type DonorChoice, recordDonation } from './checkout.donation.ts';
import {
  assertChoiceAllowed,
  CHECKOUT_MESSAGES,
  type CheckoutDeps,
  followUpsOf,
  payableCampaign,
  rethrowProvider,
  walletAccountOf,
} from './checkout.service.ts';

type SetupBody = z.output<typeof ZCreateSetupTokenRequest>;
type PaymentTokenBody = z.output<typeof ZCreatePaymentTokenRequest>;
type SaveBody = z.output<typeof ZSavePaypalPaymentMethodRequest>;

export const VAULT_MESSAGES = {
  onceOff: 'Saving PayPal is for recurring gifts. Choose how often to give, or give once with PayPal checkout.',
  returnUrl: 'The return address must be a page of this site.',
  unknownSetup: 'This PayPal approval is unknown or has expired. Please choose PayPal again.',
  unknownToken: 'This saved PayPal account is unknown or has expired. Please choose PayPal again.',
  noEmail: 'PayPal did not share an e-mail address. Please enter your e-mail address and try again.',
} as const;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

const storedAccountOf = (setup: VaultSetupRow): ProviderAccount => ({
  npoId: setup.npoId,
  accountId: setup.accountId,
});

/** The form the donor came from (the fundraiser's page for a peer gift), with `?paypal=<outcome>`. */
function formPath(campaign: TPublicCampaign, outcome: 'return' | 'cancel'): string {
  const path = campaign.peer ? `/raise/${campaign.peer.campaign_url}` : `/${campaign.campaign_url}`;
  return `${path}?paypal=${outcome}`;
}

/**
 * Never an open redirect: a path on this site (not `//host`, no backslashes) or an http(s)
 * address on one of our own origins, without credentials.
 */
export function isOwnReturnUrl(target: string, isOwnOrigin: (origin: string) => boolean): boolean {
  if (target.startsWith('/')) {
    if (target.startsWith('//') || target.includes('\\')) return false;
    return new URL(target, 'http://return.invalid').origin === 'http://return.invalid';
  }
  if (!URL.canParse(target)) return false;
  const url = new URL(target);
  return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && isOwnOrigin(url.origin);
}

/** PayPal wants absolute addresses: a path goes on PUBLIC_URL, else on the origin the form called us on. */
function absolute(deps: CheckoutDeps, target: string, requestOrigin: string): string {
  if (!target.startsWith('/')) return target;
  return new URL(target, deps.config.PUBLIC_URL ?? requestOrigin).toString();
}

/** The donor's choice as recordDonation wants it later; nothing here is trusted for money. */
function choiceOf(body: SetupBody): DonorChoice {
  return {
    first_name: body.first_name ?? '',
    last_name: body.last_name ?? '',
    email: body.email ?? '',
    address: body.address,
    address2: body.address2,
    city: body.city,
    state: body.state,
    postal_code: body.postal_code,
    country: body.country,
    designation: body.designation,
    comment: body.comment,
    answers: body.answers,
    add_to_donor_wall: body.add_to_donor_wall,
    first_name_only_to_donor_wall: body.first_name_only_to_donor_wall,
    show_amount_on_donor_wall: body.show_amount_on_donor_wall,
    show_comment_on_donor_wall: body.show_comment_on_donor_wall,
    create_donor_account: body.create_donor_account,
    gift_aid: body.gift_aid,
    payment_method: 'paypal',
    // conv15: tribute gifts.
    tribute: body.tribute,
  };
}

export async function createSetupToken(
  deps: CheckoutDeps,
  body: SetupBody,
  options: { idempotencyKey: string; requestOrigin: string; isOwnOrigin: (origin: string) => boolean },
) {
  const campaign = await payableCampaign(deps, body.campaign_id);
  const interval = body.interval;
  if (!isRecurring(interval)) throw invalid('interval', VAULT_MESSAGES.onceOff);
  // As the intent and order contracts check: the fee cover is exactly 3.2 % of the gift, or none.
  if (!feeCoverMatches(body.amount, body.included_fees)) {
    throw invalid('included_fees', DONOR_MESSAGES.feesInconsistent);
  }
  assertChoiceAllowed(campaign, body, 'paypal');
  const returnUrl = body.return_url?.trim() || formPath(campaign, 'return');
  if (!isOwnReturnUrl(returnUrl, options.isOwnOrigin)) throw invalid('return_url', VAULT_MESSAGES.returnUrl);
  const wallet = deps.providers.wallet;
  const account = walletAccountOf(campaign);
  const token = await wallet
    .createSetupToken({
      account,
      idempotencyKey: options.idempotencyKey,
      returnUrl: absolute(deps, returnUrl, options.requestOrigin),
      cancelUrl: absolute(deps, formPath(campaign, 'cancel'), options.requestOrigin),
      description: `Recurring donation to ${campaign.npo}`,
      metadata: { campaign_id: String(campaign.campaign_id), npo_id: String(campaign.npo_id), interval },
    })
    .catch(rethrowProvider);
  await insertVaultSetup(deps.db, {
    npoId: campaign.npo_id,
    campaignId: campaign.campaign_id,
    peerCampaignId: body.peer_campaign_id,
    provider: wallet.name,
    accountId: account.accountId,
    setupTokenId: token.id,
    amountMinor: body.amount,
    feeCoveredMinor: body.included_fees,
    currency: body.currency,
    interval,
    choice: choiceOf(body),
    expiresAt: new Date(Date.now() + VAULT_SETUP_LIFETIME_MS),
  });
  const links = token.approveUrl ? [{ href: token.approveUrl, rel: 'approve', method: 'GET' }] : [];
  return { id: token.id, links };
}

const paymentTokenAnswer = (setup: VaultSetupRow) => ({
  id: setup.paymentTokenId ?? '',
  payment_source: { paypal: { email_address: setup.payerEmail ?? '' } },
});

export async function createPaymentToken(deps: CheckoutDeps, body: PaymentTokenBody) {
  const wallet = deps.providers.wallet;
  const setup = await findOpenSetupByToken(deps.db, wallet.name, body.setup_token_id);
  if (!setup) throw new AppError('NOT_FOUND', VAULT_MESSAGES.unknownSetup);
  if (setup.paymentTokenId) return paymentTokenAnswer(setup);
  const token = await wallet
    .createPaymentToken({
      account: storedAccountOf(setup),
      setupTokenId: setup.setupTokenId,
      idempotencyKey: `vault-token-${setup.id}`,
    })
    .catch(rethrowProvider);
  return paymentTokenAnswer(await storePaymentToken(deps.db, setup, token));
}

/**
 * The first gift's charge, one at a time per setup across every server instance (as captureOnce
 * does for orders); the idempotency key makes any repeat answer with the first charge.
 */
async function chargeFirstGift(deps: CheckoutDeps, setup: VaultSetupRow): Promise<ProviderPayment> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`vault-first:${setup.id}`}))`);
    return deps.providers.wallet
      .chargeSaved({
        account: storedAccountOf(setup),
        paymentMethodId: setup.paymentTokenId ?? '',
        customerId: setup.customerId,
        amountMinor: setup.amountMinor,
        currency: setup.currency,
        // No donor details here: this call records the gift with the whole choice, and a webhook
        // holding only part of it must not record it first (it acknowledges the event instead).
        metadata: metadataOf(setup),
        idempotencyKey: `vault-first-${setup.id}`,
      })
      .catch(rethrowProvider);
  });
}

const metadataOf = (setup: VaultSetupRow): Record<string, string> => ({
  campaign_id: String(setup.campaignId),
  peer_campaign_id: setup.peerCampaignId ? String(setup.peerCampaignId) : '',
  npo_id: String(setup.npoId),
  interval: setup.interval,
  included_fees: String(setup.feeCoveredMinor),
  vault_setup_id: String(setup.id),
});

export async function savePaypalPaymentMethod(deps: CheckoutDeps, body: SaveBody) {
  const wallet = deps.providers.wallet;
  const setup = await findSetupByPaymentToken(deps.db, wallet.name, body.id);
  if (!setup?.paymentTokenId) throw new AppError('NOT_FOUND', VAULT_MESSAGES.unknownToken);
  const campaign = await findPayableCampaign(deps.db, deps.config, setup.campaignId);
  // A campaign that closed after the first gift was recorded still answers with that gift.
  if (!campaign && setup.donationId === null) throw new AppError('NOT_FOUND', VAULT_MESSAGES.unknownSetup);
  const stored = setup.choice as DonorChoice;
  const email = [stored.email, body.email, setup.payerEmail].find((e) => e?.includes('@'));
  if (!email) throw invalid('email', VAULT_MESSAGES.noEmail);
  const charge = await chargeFirstGift(deps, setup);
  if (charge.status !== 'succeeded') {
    const message = charge.failureMessage ?? CHECKOUT_MESSAGES.failed;
    if (charge.status === 'failed') {
      await recordSetupOutcome(deps.db, setup, { status: 'declined', chargeId: charge.id, failureMessage: message });
    }
    const status = charge.status === 'processing' ? ('processing' as const) : ('failed' as const);
    return { status, message: status === 'processing' ? CHECKOUT_MESSAGES.processing : message, donation: null };
  }
  const { donation } = await recordDonation({
    ...followUpsOf(deps),
    db: deps.db,
    provider: wallet.name,
    // Amount and currency are the provider's; the plan keeps the vault token for later charges.
    payment: {
      ...charge,
      metadata: { ...charge.metadata, ...metadataOf(setup) },
      paymentMethodId: setup.paymentTokenId,
      customerId: setup.customerId ?? charge.customerId ?? null,
    },
    npoId: setup.npoId,
    campaign: campaign && campaign.npo_id === setup.npoId ? campaign : null,
    choice: { ...stored, email, payment_method: 'paypal' },
  });
  await recordSetupOutcome(deps.db, setup, { status: 'completed', chargeId: charge.id, donationId: donation.id });
  return { status: 'success' as const, donation };
}
