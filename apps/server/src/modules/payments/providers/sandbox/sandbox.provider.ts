// The default provider without Stripe or PayPal keys: the whole product works offline, with
// intents and orders kept in our database and test cards behaving as in a provider's test mode.
import type { Db } from '../../../../platform/db/client.ts';
import type { PaymentProvider, ProviderAccount, ProviderPayment } from '../payment-provider.ts';
import { type ConfirmInput, type ConfirmResult, createSandboxCard } from './sandbox.card.ts';
import { createCardSetup, describeSavedCard, retrieveCardSetup } from './sandbox.card-setup.ts';
import { createSandboxContext } from './sandbox.context.ts';
import { settleDebit } from './sandbox.debits.ts';
import {
  closeSandboxDispute,
  openSandboxDispute,
  type SandboxDispute,
  type SandboxDisputeInput,
} from './sandbox.disputes.ts';
import { checkSandboxMethod } from './sandbox.saved-method.ts';
import { type Approvable, createSandboxWallet } from './sandbox.wallet.ts';
import { parseSandboxWebhook, type SandboxWebhookSink } from './sandbox.webhooks.ts';

export type SandboxProvider = PaymentProvider & {
  /** The sandbox card form's confirmation (POST /api/v1/sandbox/payments/:id/confirm). */
  confirmIntent(input: ConfirmInput): Promise<ConfirmResult>;
  describeApproval(token: string): Promise<Approvable | null>;
  decideApproval(token: string, approve: boolean): Promise<string | null>;
  /**
   * Where signed sandbox events go. The donations module sets a sink that posts each delivery
   * to POST /api/v1/webhooks/sandbox (raw body and headers as given); without a sink events are
   * dropped, as a provider with no webhook endpoint configured would.
   */
  setWebhookSink(sink: SandboxWebhookSink | null): void;
  /** A chargeback on a sandbox payment, sent as a signed dispute.opened event (demo, tests). */
  openDispute(input: SandboxDisputeInput): Promise<SandboxDispute>;
  /** Decides that chargeback: a signed dispute.closed event with the outcome. */
  closeDispute(input: SandboxDisputeInput & { disputeId: string; outcome: 'won' | 'lost' }): Promise<void>;
  /** A processing bank debit's outcome "days later", now: succeeded or failed by its test account. */
  settleDebit(input: { account: ProviderAccount; paymentId: string }): Promise<ProviderPayment>;
  /** Waits for deliveries in flight (tests, shutdown). */
  flushWebhooks(): Promise<void>;
};

export function createSandboxProvider(options: {
  db: Db;
  sessionSecret: string;
  log?: (error: unknown) => void;
}): SandboxProvider {
  const ctx = createSandboxContext(options.db, options.sessionSecret, options.log ?? (() => {}));
  const card = createSandboxCard(ctx);
  const wallet = createSandboxWallet(ctx);
  return {
    name: 'sandbox',
    capabilities: { card: true, wallet: true, vault: true, recurringOffSession: true, cardSetup: true },
    createIntent: card.createIntent,
    retrieveIntent: card.retrieveIntent,
    updateIntent: card.updateIntent,
    confirmIntent: card.confirmIntent,
    chargeSaved: card.chargeSaved,
    createCardSetup: (input) => createCardSetup(ctx, input),
    retrieveCardSetup: (input) => retrieveCardSetup(ctx, input),
    describeSavedCard: (input) => describeSavedCard(ctx, input),
    checkSavedMethod: (input) => checkSandboxMethod(ctx, input),
    refund: card.refund,
    createOrder: wallet.createOrder,
    captureOrder: wallet.captureOrder,
    createSetupToken: wallet.createSetupToken,
    createPaymentToken: wallet.createPaymentToken,
    describeApproval: wallet.describeApproval,
    decideApproval: wallet.decideApproval,
    parseWebhook: async (rawBody, headers) => parseSandboxWebhook(ctx.webhookKey, rawBody, headers),
    openDispute: (input) => openSandboxDispute(ctx, input),
    closeDispute: (input) => closeSandboxDispute(ctx, input),
    settleDebit: (input) => settleDebit(ctx, input),
    setWebhookSink: ctx.setSink,
    flushWebhooks: ctx.flush,
  };
}
