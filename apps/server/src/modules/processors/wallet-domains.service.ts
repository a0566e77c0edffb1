// Apple Pay and Google Pay domains (decision 038): registered on the organisation's connected
// Stripe account through Stripe's payment method domains, from /admin/processors. Stripe answers
// each wallet's status; we keep the answer to show it without asking Stripe on every page load.
import { type TWalletDomainsResponse, WALLET_DOMAIN_MESSAGES } from '@kindling/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './processors.repository.ts';
import type { ProcessorsDeps } from './processors.service.ts';
import { StripeRefusedError } from './stripe-accounts.ts';
import { walletDomains } from './wallet-domains.tables.ts';

type Actor = { npoId: number; userId: number; ip: string | null };

export async function listWalletDomains(deps: ProcessorsDeps, npoId: number): Promise<TWalletDomainsResponse> {
  const rows = await deps.db
    .select()
    .from(walletDomains)
    .where(eq(walletDomains.npoId, npoId))
    .orderBy(asc(walletDomains.domain));
  return {
    domains: rows.map((r) => ({
      domain: r.domain,
      apple_pay: r.applePay,
      google_pay: r.googlePay,
      registered_at: r.registeredAt.toISOString(),
    })),
    suggested: deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).hostname : null,
    provider: deps.stripe.mode,
  };
}

export async function registerWalletDomain(
  deps: ProcessorsDeps,
  actor: Actor,
  domain: string,
): Promise<TWalletDomainsResponse> {
  const settings = await repo.findSettings(deps.db, actor.npoId);
  const accountId = settings?.stripeAccountId ?? null;
  if (deps.stripe.mode === 'stripe' && !accountId) {
    throw new AppError('CONFLICT', WALLET_DOMAIN_MESSAGES.noAccount);
  }
  const registered = await deps.stripe.registerDomain(accountId ?? '', domain).catch((error: unknown) => {
    if (error instanceof StripeRefusedError) throw new AppError('UNPROCESSABLE', WALLET_DOMAIN_MESSAGES.refused);
    throw new AppError('PROVIDER_ERROR', WALLET_DOMAIN_MESSAGES.unavailable);
  });
  await deps.db.transaction(async (tx) => {
    const values = {
      npoId: actor.npoId,
      domain,
      providerDomainId: registered.id,
      applePay: registered.applePay,
      googlePay: registered.googlePay,
    };
    await tx
      .insert(walletDomains)
      .values(values)
      .onConflictDoUpdate({
        target: [walletDomains.npoId, walletDomains.domain],
        set: { ...values, registeredAt: sql`now()` },
      });
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'processors.wallet_domain_registered',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { domain, apple_pay: registered.applePay, google_pay: registered.googlePay },
      ip: actor.ip,
    });
  });
  return listWalletDomains(deps, actor.npoId);
}
