// The Stripe side of /admin/processors: the OAuth authorize address, the code exchange, reading
// an account entered by id, and disconnecting. Through the official SDK when Stripe keys are
// configured (pointed at the configured host, so tests talk to a local stand-in), else through
// the sandbox's consent page and codes, so the whole flow works offline.
import type Stripe from 'stripe';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createConnectStripeClient, stripeAuthorizeBase } from '../payments/index.ts';
import { redeemSandboxCode, SANDBOX_AUTHORIZE_PATH, SANDBOX_CLIENT_ID } from '../sandbox/index.ts';

/** Stripe refused: a code or account that does not exist, was used, or belongs elsewhere. */
export class StripeRefusedError extends Error {}
/** Stripe could not be asked (network, outage): nothing changes, try again later. */
export class StripeUnavailableError extends Error {}

export type StripeAccounts = {
  mode: 'stripe' | 'sandbox';
  /** The authorize page with the query filled in; null when no OAuth client id is configured. */
  authorizeUrl: (state: string, redirectUri: string) => string | null;
  /** Exchanges an authorization code once for the connected account. */
  exchangeCode: (code: string) => Promise<{ accountId: string; livemode: boolean | null }>;
  /** Checks that the platform can act for an account entered by id; answers its mode. */
  checkAccount: (accountId: string) => Promise<{ livemode: boolean | null }>;
  /** Revokes the platform's access to the account at Stripe, where an OAuth app exists. */
  deauthorize: (accountId: string) => Promise<void>;
  /** Registers a domain for Apple Pay and Google Pay on the connected account (decision 038). */
  registerDomain: (accountId: string, domain: string) => Promise<RegisteredDomain>;
};

export type RegisteredDomain = { id: string | null; applePay: string; googlePay: string };

const authorizeQuery = (clientId: string, state: string, redirectUri: string) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    scope: 'read_write',
    state,
    redirect_uri: redirectUri,
  });

/** Live keys (sk_live_ / rk_live_) move real money; everything else is Stripe's test mode. */
export const isLiveStripeKey = (key: string | undefined): boolean => !!key && /^(sk|rk)_live_/.test(key);

export function createStripeAccounts(config: Config, db: Db): StripeAccounts {
  if (!config.STRIPE_SECRET_KEY) return sandboxAccounts(config, db);
  // A code is single use and a deauthorize is not worth repeating blindly: no retries.
  const stripe = createConnectStripeClient(config, config.STRIPE_SECRET_KEY);
  const clientId = config.STRIPE_CLIENT_ID ?? null;
  const keyIsLive = isLiveStripeKey(config.STRIPE_SECRET_KEY);
  const base = stripeAuthorizeBase(config);
  return {
    mode: 'stripe',
    authorizeUrl: (state, redirectUri) => (clientId ? `${base}?${authorizeQuery(clientId, state, redirectUri)}` : null),
    exchangeCode: (code) =>
      asked(async () => {
        const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
        if (!token.stripe_user_id) throw new StripeRefusedError('Stripe returned no account id');
        return { accountId: token.stripe_user_id, livemode: token.livemode ?? null };
      }),
    checkAccount: (accountId) =>
      asked(async () => {
        await stripe.accounts.retrieve(accountId);
        return { livemode: keyIsLive };
      }),
    deauthorize: (accountId) =>
      asked(async () => {
        if (!clientId) return;
        await stripe.oauth.deauthorize({ client_id: clientId, stripe_user_id: accountId });
      }),
    // Stripe answers the existing domain again when it is registered already.
    registerDomain: (accountId, domain) =>
      asked(async () => {
        const created = await stripe.paymentMethodDomains.create(
          { domain_name: domain, enabled: true },
          { stripeAccount: accountId },
        );
        return { id: created.id, applePay: created.apple_pay.status, googlePay: created.google_pay.status };
      }),
  };
}

function sandboxAccounts(config: Config, db: Db): StripeAccounts {
  return {
    mode: 'sandbox',
    // The sandbox never connects anything in production (its pages are not even served there).
    authorizeUrl: (state, redirectUri) =>
      config.isProduction ? null : `${SANDBOX_AUTHORIZE_PATH}?${authorizeQuery(SANDBOX_CLIENT_ID, state, redirectUri)}`,
    exchangeCode: async (code) => {
      if (config.isProduction) throw new StripeRefusedError('Stripe is not configured');
      const grant = await redeemSandboxCode(db, code);
      if (!grant) throw new StripeRefusedError('The sandbox authorization code is unknown, used or expired');
      return { accountId: grant.accountId, livemode: false };
    },
    checkAccount: async () => ({ livemode: false }),
    deauthorize: async () => {},
    // The sandbox's wallet button works on any domain, as Stripe's test mode needs no verification.
    registerDomain: async () => ({ id: null, applePay: 'active', googlePay: 'active' }),
  };
}

/**
 * Stripe's answers sorted into what the caller can tell the user: a refusal (4xx: the code or
 * account is not valid for us) or an outage (no answer, 5xx, rate limit).
 */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StripeRefusedError) throw error;
    const status = (error as Partial<Stripe.errors.StripeError>).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
      throw new StripeRefusedError(error instanceof Error ? error.message : 'Stripe refused the request');
    }
    throw new StripeUnavailableError(error instanceof Error ? error.message : 'Stripe request failed');
  }
}
