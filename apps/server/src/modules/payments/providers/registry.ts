// Which provider serves which payment method, decided once at start-up from the configuration:
// Stripe for cards when STRIPE_SECRET_KEY is set, PayPal for the wallet when its client id and
// secret are set, and the built-in sandbox for whatever has no keys.
import type { Config } from '../../../platform/config/config.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { PaymentProvider, ProviderName } from './payment-provider.ts';
import { createPayPalProvider } from './paypal/paypal.provider.ts';
import { ProviderError } from './provider-error.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox.provider.ts';
import { createStripeProvider, type StripeProvider } from './stripe/stripe.provider.ts';

export type PaymentProviders = {
  /** Every configured provider by name; null where it is not in use. */
  sandbox: SandboxProvider | null;
  stripe: StripeProvider | null;
  paypal: PaymentProvider | null;
  /** Cards (PaymentIntents): stripe, else sandbox. */
  card: PaymentProvider;
  /** The PayPal button (orders, vault): paypal, else sandbox. */
  wallet: PaymentProvider;
  /** The provider named in a stored payment or a webhook path; throws not_configured otherwise. */
  byName(name: ProviderName): PaymentProvider;
};

export type ProviderOptions = { log?: (error: unknown) => void; maxNetworkRetries?: number };

export function createPaymentProviders(config: Config, db: Db, options: ProviderOptions = {}): PaymentProviders {
  const stripe = config.STRIPE_SECRET_KEY
    ? createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        applicationFeeBps: config.STRIPE_APPLICATION_FEE_BPS,
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
        maxNetworkRetries: options.maxNetworkRetries ?? (config.NODE_ENV === 'test' ? 0 : 2),
      })
    : null;
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? createPayPalProvider({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiBase: config.PAYPAL_API_BASE,
          webhookId: config.PAYPAL_WEBHOOK_ID,
        })
      : null;
  // Like the sandbox Stripe sign-in, the sandbox never takes "payments" in production: a
  // production installation without keys refuses to charge instead of recording test money.
  const needsSandbox = !stripe || !paypal;
  const sandbox =
    needsSandbox && !config.isProduction
      ? createSandboxProvider({ db, sessionSecret: config.sessionSecret, log: options.log })
      : null;
  const unconfigured = (name: ProviderName) => notConfiguredProvider(name);
  const providers = { sandbox, stripe, paypal };
  return {
    ...providers,
    card: stripe ?? sandbox ?? unconfigured('stripe'),
    wallet: paypal ?? sandbox ?? unconfigured('paypal'),
    byName: (name) => providers[name] ?? unconfigured(name),
  };
}

/** Stands in for a provider without keys (production only): every call says so. */
function notConfiguredProvider(name: ProviderName): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new ProviderError(name, 'not_configured', 'Online payments are not set up for this installation.');
  };
  return {
    name,
    capabilities: { card: false, wallet: false, vault: false, recurringOffSession: false, cardSetup: false },
    createIntent: refuse,
    retrieveIntent: refuse,
    createOrder: refuse,
    captureOrder: refuse,
    createSetupToken: refuse,
    createPaymentToken: refuse,
    chargeSaved: refuse,
    createCardSetup: refuse,
    retrieveCardSetup: refuse,
    describeSavedCard: refuse,
    refund: refuse,
    parseWebhook: refuse,
  };
}

/** Providers with only the given sandbox: tests hand the app the instance whose events they watch. */
export function sandboxOnlyProviders(sandbox: SandboxProvider): PaymentProviders {
  return {
    sandbox,
    stripe: null,
    paypal: null,
    card: sandbox,
    wallet: sandbox,
    byName: (name) => {
      if (name === 'sandbox') return sandbox;
      throw new ProviderError(name, 'not_configured', 'Online payments are not set up for this installation.');
    },
  };
}
