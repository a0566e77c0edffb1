// A new card from the portal: a card setup on the installation's card provider (Stripe SetupIntent
// on the organisation's connected account, or the sandbox's own), confirmed in the browser, then
// applied to one plan or to every open plan of the donor in one transaction.

import { AppError } from '../../platform/http/app-error.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { type ProviderAccount, ProviderError, providerErrorToAppError, type SavedCard } from '../payments/index.ts';
import { changePlanAsDonor } from '../plans/index.ts';
import * as repo from './portal.repository.ts';
import { donorActorOf, PORTAL_MESSAGES, type PortalDeps, type PortalSubject, portalPlan } from './portal.service.ts';

export const CARD_MESSAGES = {
  notOffered: 'A new card cannot be added here. Please contact the organisation.',
  notConfirmed: 'The card was not saved. Please enter it again.',
  notYours: 'This card setup does not belong to you.',
} as const;

const rethrow = (error: unknown): never => {
  throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
};

async function cardAccount(deps: PortalDeps, npoId: number): Promise<ProviderAccount> {
  const organisation = await repo.findOrganisation(deps.db, npoId);
  return { npoId, accountId: organisation?.stripeAccountId ?? null };
}

/**
 * The saved card's brand, last four and expiry, kept on the plan for the card-expiring e-mail.
 * The card is saved either way: a provider that cannot describe it leaves the expiry unknown.
 */
async function describeNewCard(deps: PortalDeps, npoId: number, paymentMethodId: string): Promise<SavedCard | null> {
  return deps.providers.card
    .describeSavedCard({ account: await cardAccount(deps, npoId), paymentMethodId })
    .catch(() => null);
}

/** Starts a card setup for the donor's plan; the browser confirms it with the client secret. */
export async function startCardSetup(deps: PortalDeps, subject: PortalSubject, planId: number) {
  const plan = await portalPlan(deps, subject, planId);
  if (plan.status === 'cancelled') throw new AppError('CONFLICT', 'This recurring donation is cancelled.');
  const provider = deps.providers.card;
  if (!provider.capabilities.cardSetup || (provider.name !== 'sandbox' && provider.name !== 'stripe')) {
    throw new AppError('CONFLICT', CARD_MESSAGES.notOffered);
  }
  const actor = await donorActorOf(deps, subject, PORTAL_MESSAGES.planNotFound);
  const donor = await repo.findDonor(deps.db, subject.npoId, actor.donorId);
  // A plan already on this provider keeps its customer, so the new card sits beside the old one.
  const customerId =
    plan.provider === provider.name ? await repo.planCustomerId(deps.db, subject.npoId, actor.donorId, planId) : null;
  const setup = await provider
    .createCardSetup({
      account: await cardAccount(deps, subject.npoId),
      customerId,
      ...(donor?.email ? { email: donor.email } : {}),
      metadata: { npo_id: String(subject.npoId), donor_id: String(actor.donorId), plan_id: String(planId) },
      idempotencyKey: `portal-card-${subject.npoId}-${actor.donorId}-${randomToken(12)}`,
    })
    .catch(rethrow);
  return { id: setup.id, client_secret: setup.clientSecret, provider: provider.name };
}

/**
 * After the browser confirmed the setup: the provider must report it succeeded, for this
 * organisation and this donor (its metadata), before the saved card replaces a plan's method.
 */
export async function completeCardSetup(
  deps: PortalDeps,
  subject: PortalSubject,
  input: { setup_id: string; plan_id: number; apply_to_all: boolean },
) {
  const actor = await donorActorOf(deps, subject, PORTAL_MESSAGES.planNotFound);
  const provider = deps.providers.card;
  if (!provider.capabilities.cardSetup) throw new AppError('CONFLICT', CARD_MESSAGES.notOffered);
  const setup = await provider
    .retrieveCardSetup({ account: await cardAccount(deps, subject.npoId), id: input.setup_id })
    .catch(rethrow);
  const mine = setup.metadata.npo_id === String(subject.npoId) && setup.metadata.donor_id === String(actor.donorId);
  if (!mine) throw new AppError('NOT_FOUND', CARD_MESSAGES.notYours);
  if (setup.status !== 'succeeded' || !setup.paymentMethodId) {
    throw new AppError('CONFLICT', setup.failureMessage ?? CARD_MESSAGES.notConfirmed);
  }
  const card = await describeNewCard(deps, subject.npoId, setup.paymentMethodId);
  const others = input.apply_to_all ? await repo.openPlanIds(deps.db, subject.npoId, actor.donorId) : [];
  const planIds = [input.plan_id, ...others.filter((id) => id !== input.plan_id)];
  const change = {
    kind: 'payment_method' as const,
    provider: provider.name,
    paymentMethodId: setup.paymentMethodId,
    customerId: setup.customerId,
    card,
  };
  await deps.db.transaction(async (tx) => {
    for (const planId of planIds) await changePlanAsDonor(tx, actor, planId, change);
  });
  return Promise.all(planIds.map((id) => portalPlan(deps, subject, id)));
}
