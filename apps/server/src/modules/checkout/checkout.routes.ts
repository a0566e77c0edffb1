// The donation form's payment calls and the providers' webhooks. Registered at the root because
// the sandbox's own confirm endpoint lives under /api/v1/sandbox, outside the /api/v1 plugin.
import { randomUUID } from 'node:crypto';
import {
  ZConfirmPaymentRequest,
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
  ZCreateOrderResponse,
  ZCreatePaymentTokenRequest,
  ZCreatePaymentTokenResponse,
  ZCreateSetupTokenRequest,
  ZCreateSetupTokenResponse,
  ZPaypalCaptureRequest,
  ZPaypalCaptureResponse,
  ZSavePaypalPaymentMethodRequest,
  ZSavePaypalPaymentMethodResponse,
} from '@kindling/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { createShortCache, shortCacheTtl } from '../../platform/cache/short-cache.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { isTrustedOrigin, requestOrigin } from '../../platform/http/origins.ts';
import { PUBLIC_ROUTE } from '../../platform/http/route-access.ts';
import { zodRouter } from '../../platform/http/router.ts';
import type { PayableCampaign } from '../campaigns/index.ts';
import { createCardTesting, createPaymentChallenges, paymentChallengeRoutes } from '../card-testing/index.ts';
import type { DonationFollowUp } from '../donations/index.ts';
import { createPaymentProviders, type PaymentProviders, sandboxPaymentRoutes } from '../payments/index.ts';
import {
  type CheckoutDeps,
  confirmPayment,
  createIntent,
  type OwnPaymentHandler,
  type PaymentRequestGate,
  ZIntentRequest,
  ZOrderRequest,
} from './checkout.service.ts';
import { createPaymentToken, createSetupToken, savePaypalPaymentMethod } from './checkout.vault.ts';
import { capturePaypal, createOrder } from './checkout.wallet.ts';
import { checkoutWebhookRoutes } from './checkout.webhooks.ts';

export type CheckoutRouteDeps = {
  db: Db;
  config: Config;
  providers?: PaymentProviders;
  /** Run after each recorded payment (receipts, invitations…): see donations/after-donation.ts. */
  followUps?: readonly DonationFollowUp[];
  /** pay25: payment requests' check before an intent (docs/decisions/050-payment-requests.md). */
  requestGate?: PaymentRequestGate;
  /** fin18: ticket orders confirmed by the webhook (docs/decisions/072-ticket-orders-by-webhook.md). */
  ownPayments?: OwnPaymentHandler;
};

const PREFIX = '/api/v1/npo_admin';

/** Public, and documented with the contract's answer (the reference only; see the note below). */
const answers = (schema: ZodType) => ({ ...PUBLIC_ROUTE, openapi: { responses: { 200: schema } } });

/** A client's Idempotency-Key makes a retried intent call return the same intent. */
function idempotencyKeyOf(kind: string, header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w-]{8,100}$/.test(value) ? `${kind}-${value}` : `${kind}-${randomUUID()}`;
}

export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRouteDeps): Promise<void> {
  const providers = options.providers ?? createPaymentProviders(options.config, options.db);
  const deps: CheckoutDeps = {
    db: options.db,
    config: options.config,
    providers,
    campaigns: createShortCache<PayableCampaign>({ ttlMs: shortCacheTtl(options.config) }),
    followUps: options.followUps ?? [],
    cardTesting: createCardTesting(options.db, options.config),
    challenges: createPaymentChallenges(options.db, options.config),
    log: (error) => app.log.error({ err: error }, 'a follow-up of a recorded donation failed'),
    ...(options.requestGate ? { requestGate: options.requestGate } : {}),
    ...(options.ownPayments ? { ownPayments: options.ownPayments } : {}),
  };
  if (providers.sandbox) {
    const sandbox = providers.sandbox;
    await app.register(sandboxPaymentRoutes, { sandbox, config: options.config });
    // Sandbox events reach our webhook route like a real provider's would (signed, raw body).
    sandbox.setWebhookSink(async ({ rawBody, headers }) => {
      await app.inject({ method: 'POST', url: '/api/v1/webhooks/sandbox', payload: rawBody, headers });
    });
    app.addHook('onClose', async () => {
      await sandbox.flushWebhooks();
      sandbox.setWebhookSink(null);
    });
  }
  const r = zodRouter(app, 'Checkout');

  // Responses are shaped by the service and checked against the contract in tests: the contract's
  // schemas carry transforms that the response serialiser cannot compile.
  r.post(
    `${PREFIX}/intent`,
    { config: answers(ZCreateIntentResponse), schema: { body: ZIntentRequest } },
    async (request) =>
      createIntent(deps, request.body, {
        idempotencyKey: idempotencyKeyOf('intent', request.headers['idempotency-key']),
        clientAddress: request.ip,
      }),
  );
  r.post(
    `${PREFIX}/confirm_payment`,
    { config: answers(ZConfirmPaymentResponse), schema: { body: ZConfirmPaymentRequest } },
    async (request) => confirmPayment(deps, request.body),
  );

  r.post(
    `${PREFIX}/create_order`,
    { config: answers(ZCreateOrderResponse), schema: { body: ZOrderRequest } },
    async (request) => createOrder(deps, request.body, idempotencyKeyOf('order', request.headers['idempotency-key'])),
  );
  r.post(
    `${PREFIX}/paypal_capture`,
    { config: answers(ZPaypalCaptureResponse), schema: { body: ZPaypalCaptureRequest } },
    async (request) => capturePaypal(deps, request.body),
  );

  // Recurring PayPal: the approval returns to our own form page only (a path or one of our origins).
  const config = options.config;
  const ownOrigins = [...config.trustedOrigins, ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [])];
  r.post(
    `${PREFIX}/create_setup_token`,
    { config: answers(ZCreateSetupTokenResponse), schema: { body: ZCreateSetupTokenRequest } },
    async (request) =>
      createSetupToken(deps, request.body, {
        idempotencyKey: idempotencyKeyOf('setup', request.headers['idempotency-key']),
        requestOrigin: requestOrigin(request),
        isOwnOrigin: (origin) => isTrustedOrigin(request, origin, ownOrigins),
      }),
  );
  r.post(
    `${PREFIX}/create_payment_token`,
    { config: answers(ZCreatePaymentTokenResponse), schema: { body: ZCreatePaymentTokenRequest } },
    async (request) => createPaymentToken(deps, request.body),
  );
  r.post(
    `${PREFIX}/save_paypal_payment_method`,
    { config: answers(ZSavePaypalPaymentMethodResponse), schema: { body: ZSavePaypalPaymentMethodRequest } },
    async (request) => savePaypalPaymentMethod(deps, request.body),
  );

  await app.register(paymentChallengeRoutes, { challenges: deps.challenges });
  await app.register(checkoutWebhookRoutes, deps);
}
