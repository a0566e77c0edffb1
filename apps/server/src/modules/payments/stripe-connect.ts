import type Stripe from 'stripe';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { redeemSandboxCode, SANDBOX_AUTHORIZE_PATH, SANDBOX_CLIENT_ID } from '../sandbox/index.ts';
import { createStripeClient } from './providers/stripe/stripe.client.ts';

/** The connected account behind an OAuth code: its id and the e-mail of its owner. */
export type ConnectedAccount = { stripeUserId: string; email: string | null; firstName: string; lastName: string };

export class StripeConnectError extends Error {}

export type StripeConnect = {
  mode: 'stripe' | 'sandbox';
  clientId: string | null;
  /** Where 'Continue with Stripe' sends the browser; the web app adds the query itself. */
  authorizeUrl: string;
  /** Exchanges an authorization code once; throws StripeConnectError when the provider refuses. */
  exchangeCode: (code: string) => Promise<ConnectedAccount>;
};

/**
 * The SDK client for Connect's OAuth and account calls (sign-in and /admin/processors): the payment
 * provider's set-up, without retries, since an authorization code is single use.
 */
export function createConnectStripeClient(config: Config, secretKey: string): Stripe {
  return createStripeClient({
    secretKey,
    applicationFeeBps: 0,
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 0,
  });
}

/** stripe.oauth.authorizeUrl() drops the port of a custom host, so the base is configured. */
export const stripeAuthorizeBase = (config: Config): string =>
  `${config.STRIPE_CONNECT_BASE.replace(/\/$/, '')}/oauth/authorize`;

/** Stripe Connect OAuth through the official SDK with keys configured, else the sandbox provider. */
export function createStripeConnect(config: Config, db: Db): StripeConnect {
  if (!config.STRIPE_SECRET_KEY) {
    return {
      mode: 'sandbox',
      clientId: SANDBOX_CLIENT_ID,
      authorizeUrl: SANDBOX_AUTHORIZE_PATH,
      exchangeCode: async (code) => {
        // The sandbox lets anyone name any e-mail: never a way into a production installation.
        if (config.isProduction) throw new StripeConnectError('Stripe is not configured');
        const grant = await redeemSandboxCode(db, code);
        if (!grant) throw new StripeConnectError('The sandbox authorization code is unknown, used or expired');
        return { stripeUserId: grant.accountId, email: grant.email, firstName: '', lastName: '' };
      },
    };
  }
  const stripe = createConnectStripeClient(config, config.STRIPE_SECRET_KEY);
  return {
    mode: 'stripe',
    clientId: config.STRIPE_CLIENT_ID ?? null,
    authorizeUrl: stripeAuthorizeBase(config),
    exchangeCode: async (code) => {
      try {
        const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
        if (!token.stripe_user_id) throw new StripeConnectError('Stripe returned no account id');
        const account = await stripe.accounts.retrieve(token.stripe_user_id);
        return {
          stripeUserId: token.stripe_user_id,
          email: account.email ?? null,
          firstName: account.individual?.first_name ?? '',
          lastName: account.individual?.last_name ?? '',
        };
      } catch (error) {
        if (error instanceof StripeConnectError) throw error;
        throw new StripeConnectError(error instanceof Error ? error.message : 'Stripe request failed');
      }
    },
  };
}
