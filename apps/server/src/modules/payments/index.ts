// Payments: the provider layer (sandbox, Stripe, PayPal behind one interface) and Stripe
// Connect's OAuth exchange used by Stripe sign-in.

export { sandboxPaymentMethods } from './payments.tables.ts';
export type {
  CapturedOrder,
  CardSetupStatus,
  ChargeSavedInput,
  CheckSavedMethodInput,
  CreateCardSetupInput,
  CreatedCardSetup,
  CreatedIntent,
  CreatedOrder,
  CreatedSetupToken,
  CreateIntentInput,
  CreateOrderInput,
  CreateSetupTokenInput,
  PaymentInterval,
  PaymentMetadata,
  PaymentProvider,
  PaymentStatus,
  ProviderAccount,
  ProviderCapabilities,
  ProviderCardSetup,
  ProviderDispute,
  ProviderEvent,
  ProviderEventType,
  ProviderName,
  ProviderPayment,
  ProviderRefund,
  ProviderRefundRecord,
  RefundInput,
  SavedCard,
  SavedMethodCheck,
  SavedPaymentToken,
  WalletOrderStatus,
  WebhookHeaders,
} from './providers/payment-provider.ts';
export {
  GENERIC_PAYMENT_MESSAGE,
  ProviderError,
  type ProviderErrorCode,
  WebhookSignatureError,
} from './providers/provider-error.ts';
export { providerErrorToAppError } from './providers/provider-http.ts';
export { createPaymentProviders, type PaymentProviders, sandboxOnlyProviders } from './providers/registry.ts';
export type { SandboxProvider } from './providers/sandbox/sandbox.provider.ts';
export { ensureSandboxPaymentsOfGifts } from './providers/sandbox/sandbox.repository.ts';
export { SANDBOX_CONFIRM_PATH, sandboxPaymentRoutes } from './providers/sandbox/sandbox.routes.ts';
export { SANDBOX_APPROVE_PATH } from './providers/sandbox/sandbox.wallet.ts';
export { SANDBOX_SIGNATURE_HEADER, type SandboxWebhookSink } from './providers/sandbox/sandbox.webhooks.ts';
// rc23: payouts and their balance transactions, for the reconciliation report.
export type {
  PayoutLineKind,
  PayoutPeriod,
  ProviderPayout,
  ProviderPayoutLine,
} from './providers/stripe/stripe.payouts.ts';
export type { StripeProvider } from './providers/stripe/stripe.provider.ts';
export {
  type ConnectedAccount,
  createConnectStripeClient,
  createStripeConnect,
  type StripeConnect,
  StripeConnectError,
  stripeAuthorizeBase,
} from './stripe-connect.ts';
