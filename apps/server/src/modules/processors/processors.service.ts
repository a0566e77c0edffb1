import {
  ACCESS,
  PROCESSOR_MESSAGES,
  type TProcessorsResponse,
  type TStripeConnectError,
  type ZPaypalSettingsRequest,
} from '@kindling/contracts';
import type { z } from 'zod';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OrganisationSession, RequestSession } from '../../platform/http/session-context.ts';
import { randomToken, sha256Hex } from '../../platform/security/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import { installationProviders, paymentOptionsOf } from '../campaigns/index.ts';
import * as repo from './processors.repository.ts';
import {
  createStripeAccounts,
  type StripeAccounts,
  StripeRefusedError,
  StripeUnavailableError,
} from './stripe-accounts.ts';

export type ProcessorsDeps = { db: Db; config: Config; stripe: StripeAccounts };
type Actor = { session: OrganisationSession; ip: string | null };

const STATE_TTL_MS = 15 * 60 * 1000;
export const CALLBACK_PATH = '/api/v1/processors/stripe/callback';
const LIVE_PAYPAL_HOST = 'api-m.paypal.com';

/** acct_…7G8h: enough to recognise the account, not to copy it from a screenshot. */
export const maskAccountId = (id: string): string => `acct_…${id.slice(-4)}`;

async function settingsOf(db: Db, npoId: number): Promise<repo.ProcessorSettings> {
  const settings = await repo.findSettings(db, npoId);
  if (!settings) throw new AppError('NOT_FOUND', 'Organisation not found.');
  return settings;
}

/** GET /processors: what the donation form offers now, from the same rule as the public campaign read. */
export async function getProcessors(deps: ProcessorsDeps, npoId: number): Promise<TProcessorsResponse> {
  const s = await settingsOf(deps.db, npoId);
  const { config } = deps;
  const installed = installationProviders(config);
  const offered = paymentOptionsOf(config, s);
  const paypalLive = URL.canParse(config.PAYPAL_API_BASE) && new URL(config.PAYPAL_API_BASE).host === LIVE_PAYPAL_HOST;
  const noKeys = !config.STRIPE_SECRET_KEY && !(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET);
  return {
    mode: noKeys && !config.isProduction ? 'sandbox' : 'providers',
    card: {
      provider: offered.card_provider,
      live: offered.card_provider === 'stripe' && s.stripeLivemode === true,
      connected_account_id: s.stripeAccountId ? maskAccountId(s.stripeAccountId) : null,
      connected_at: s.stripeConnectedAt?.toISOString() ?? null,
      can_connect_oauth: deps.stripe.authorizeUrl('probe', CALLBACK_PATH) !== null,
    },
    wallet: {
      provider: offered.wallet_provider,
      live: offered.wallet_provider === 'paypal' && paypalLive,
      merchant_id: s.paypalMerchantId,
      email: s.paypalEmail,
      client_configured: installed.wallet === 'paypal',
    },
  };
}

/** The same answer as GET /processors, for another page that shows the providers' status (the admin overview). */
export function processorsReader(options: { db: Db; config: Config }): (npoId: number) => Promise<TProcessorsResponse> {
  const deps: ProcessorsDeps = { ...options, stripe: createStripeAccounts(options.config, options.db) };
  return (npoId) => getProcessors(deps, npoId);
}

/** POST /processors/stripe/connect: a fresh state bound to this session and organisation. */
export async function startStripeConnect(
  deps: ProcessorsDeps,
  session: OrganisationSession,
  redirectUri: string,
): Promise<{ url: string }> {
  const state = randomToken(32);
  const url = deps.stripe.authorizeUrl(state, redirectUri);
  if (!url) {
    throw new AppError(
      'NOT_CONFIGURED',
      'Connect with Stripe needs the platform’s Stripe client id (STRIPE_CLIENT_ID). Enter an existing account id instead.',
    );
  }
  await repo.deleteExpiredConnectStates(deps.db);
  await repo.insertConnectState(deps.db, {
    stateDigest: sha256Hex(state),
    sessionId: session.id,
    npoId: session.selectedNpoId,
    userId: session.user.id,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { url };
}

export type CallbackQuery = { code?: string; state?: string; error?: string };

/**
 * The top-level navigation back from Stripe. The state is checked before anything else: it must be
 * one this very session started, unused and recent, and the session must still be an admin of that
 * organisation. Answers the ?connected= or ?error= code for /admin/processors.
 */
export async function finishStripeConnect(
  deps: ProcessorsDeps,
  session: RequestSession | null,
  query: CallbackQuery,
  ip: string | null,
): Promise<{ connected: true } | { error: TStripeConnectError }> {
  const bound =
    session && query.state ? await repo.takeConnectState(deps.db, sha256Hex(query.state), session.id) : null;
  if (!session || !bound) return { error: 'state_mismatch' };
  if (session.selectedNpoId !== bound.npoId) return { error: 'organisation_changed' };
  if (!(ACCESS.admin as readonly number[]).includes(session.roleCode ?? -1)) return { error: 'not_allowed' };
  if (query.error || !query.code) return { error: 'access_denied' };
  let account: { accountId: string; livemode: boolean | null };
  try {
    account = await deps.stripe.exchangeCode(query.code);
  } catch (error) {
    if (error instanceof StripeRefusedError || error instanceof StripeUnavailableError)
      return { error: 'exchange_failed' };
    throw error;
  }
  const actor = { session: session as OrganisationSession, ip };
  const taken = await storeStripeAccount(deps, actor, { ...account, method: 'oauth' });
  return taken ? { error: 'account_taken' } : { connected: true };
}

/** POST /processors/stripe/account: an existing connected account, checked with Stripe when keys exist. */
export async function connectStripeAccount(deps: ProcessorsDeps, actor: Actor, accountId: string) {
  let livemode: boolean | null;
  try {
    ({ livemode } = await deps.stripe.checkAccount(accountId));
  } catch (error) {
    if (error instanceof StripeRefusedError) {
      throw new AppError('VALIDATION_FAILED', PROCESSOR_MESSAGES.stripeAccountUnknown, {
        account_id: PROCESSOR_MESSAGES.stripeAccountUnknown,
      });
    }
    if (error instanceof StripeUnavailableError) throw stripeDown();
    throw error;
  }
  if (await storeStripeAccount(deps, actor, { accountId, livemode, method: 'account_id' })) {
    throw new AppError('CONFLICT', PROCESSOR_MESSAGES.stripeAccountTaken, {
      account_id: PROCESSOR_MESSAGES.stripeAccountTaken,
    });
  }
  return getProcessors(deps, actor.session.selectedNpoId);
}

const stripeDown = () =>
  new AppError('PROVIDER_ERROR', 'Stripe could not be reached. Nothing was changed; please try again.');

/** One Stripe account belongs to one organisation; answers true (and changes nothing) when taken. */
async function storeStripeAccount(
  deps: ProcessorsDeps,
  { session, ip }: Actor,
  account: { accountId: string; livemode: boolean | null; method: 'oauth' | 'account_id' },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await repo.lockStripeAccount(tx, account.accountId);
    if (await repo.isStripeAccountUsedElsewhere(tx, account.accountId, session.selectedNpoId)) return true;
    const before = await repo.findSettings(tx, session.selectedNpoId, true);
    await repo.setStripeAccount(tx, session.selectedNpoId, account);
    await recordAudit(tx, {
      npoId: session.selectedNpoId,
      actorUserId: session.user.id,
      action: 'processors.stripe_connected',
      targetType: 'npo',
      targetId: session.selectedNpoId,
      data: {
        method: account.method,
        before: before?.stripeAccountId ?? null,
        after: account.accountId,
        livemode: account.livemode,
      },
      ip,
    });
    return false;
  });
}

/** DELETE /processors/stripe: access is revoked at Stripe first, so a failure there changes nothing here. */
export async function disconnectStripe(deps: ProcessorsDeps, { session, ip }: Actor) {
  const current = await settingsOf(deps.db, session.selectedNpoId);
  if (!current.stripeAccountId) throw new AppError('NOT_FOUND', PROCESSOR_MESSAGES.stripeNotConnected);
  try {
    await deps.stripe.deauthorize(current.stripeAccountId);
  } catch (error) {
    // Already disconnected on Stripe's side (the owner revoked access): clearing it here is right.
    if (error instanceof StripeUnavailableError) throw stripeDown();
    if (!(error instanceof StripeRefusedError)) throw error;
  }
  await deps.db.transaction(async (tx) => {
    await repo.setStripeAccount(tx, session.selectedNpoId, { accountId: null, livemode: null });
    await recordAudit(tx, {
      npoId: session.selectedNpoId,
      actorUserId: session.user.id,
      action: 'processors.stripe_disconnected',
      targetType: 'npo',
      targetId: session.selectedNpoId,
      data: { before: current.stripeAccountId },
      ip,
    });
  });
  return getProcessors(deps, session.selectedNpoId);
}

/** PUT /processors/paypal */
export async function savePaypal(
  deps: ProcessorsDeps,
  { session, ip }: Actor,
  body: z.output<typeof ZPaypalSettingsRequest>,
) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx, session.selectedNpoId, true);
    await repo.setPaypal(tx, session.selectedNpoId, { merchantId: body.merchant_id, email: body.email });
    await recordAudit(tx, {
      npoId: session.selectedNpoId,
      actorUserId: session.user.id,
      action: 'processors.paypal_saved',
      targetType: 'npo',
      targetId: session.selectedNpoId,
      data: {
        before: { merchant_id: before?.paypalMerchantId ?? null, email: before?.paypalEmail ?? null },
        after: { merchant_id: body.merchant_id, email: body.email },
      },
      ip,
    });
  });
  return getProcessors(deps, session.selectedNpoId);
}

/** DELETE /processors/paypal */
export async function removePaypal(deps: ProcessorsDeps, { session, ip }: Actor) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx, session.selectedNpoId, true);
    if (!before?.paypalMerchantId && !before?.paypalEmail) {
      throw new AppError('NOT_FOUND', PROCESSOR_MESSAGES.paypalNotConnected);
    }
    await repo.setPaypal(tx, session.selectedNpoId, null);
    await recordAudit(tx, {
      npoId: session.selectedNpoId,
      actorUserId: session.user.id,
      action: 'processors.paypal_removed',
      targetType: 'npo',
      targetId: session.selectedNpoId,
      data: { before: { merchant_id: before.paypalMerchantId, email: before.paypalEmail } },
      ip,
    });
  });
  return getProcessors(deps, session.selectedNpoId);
}
