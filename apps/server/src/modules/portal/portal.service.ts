// What the portal does for one donor of one organisation (decision 012): the overview, gifts with
// receipts, the annual statement, and plan changes through the plans module, each audited with
// the actor "donor". The subject (who is asking) comes from the portal cookie or the signed-in
// session (portal-subject.ts), never from the request body.
import type { TPortalOverview, TPortalPlan, TPortalPlanUpdate } from '@kindling/contracts';
import { givingYearOf } from '@kindling/contracts/giving-year-rules.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findMergedInto, renderAnnualStatement } from '../donors/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { changePlanAsDonor, type DonorActor, type DonorPlanChange } from '../plans/index.ts';
import { renderDonationReceipt } from '../receipts/index.ts';
import * as repo from './portal.repository.ts';

export type PortalDeps = { db: Db; config: Config; providers: PaymentProviders };

/** Who is asking: the donor of a portal link, or a signed-in user (whose donor record may not exist). */
export type PortalSubject = {
  npoId: number;
  donorId: number | null;
  userId: number | null;
  via: DonorActor['via'];
  expiresAt: Date | null;
  ip: string | null;
};

export const PORTAL_MESSAGES = {
  giftNotFound: 'Donation not found.',
  planNotFound: 'Recurring donation not found.',
  noDonor: 'There are no donations under your e-mail address in this organisation.',
} as const;

/** The card form the portal can offer: the installation's card provider when it can save a card. */
export function cardFormOf(deps: PortalDeps, organisation: repo.PortalOrganisation): TPortalOverview['card_form'] {
  const card = deps.providers.card;
  const none = { provider: null, stripe_publishable_key: null, stripe_account: null };
  if (!card.capabilities.cardSetup) return none;
  if (card.name === 'sandbox') return { ...none, provider: 'sandbox' };
  if (card.name === 'stripe' && organisation.stripeAccountId && deps.config.STRIPE_PUBLISHABLE_KEY) {
    return {
      provider: 'stripe',
      stripe_publishable_key: deps.config.STRIPE_PUBLISHABLE_KEY,
      stripe_account: organisation.stripeAccountId,
    };
  }
  return none;
}

export async function portalOverview(deps: PortalDeps, subject: PortalSubject): Promise<TPortalOverview> {
  const organisation = await repo.findOrganisation(deps.db, subject.npoId);
  if (!organisation) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.noDonor);
  const donor = subject.donorId === null ? null : await repo.findDonor(deps.db, subject.npoId, subject.donorId);
  if (!donor && subject.via === 'portal_link') throw new AppError('NOT_FOUND', PORTAL_MESSAGES.noDonor);
  const months = donor ? await repo.giftMonths(deps.db, subject.npoId, donor.id) : [];
  const years = [...new Set(months.map((m) => givingYearOf(m, organisation.fiscalYearStartMonth)))];
  return {
    organisation: { name: organisation.name, locale: organisation.locale, time_zone: organisation.timeZone },
    donor,
    source: subject.via === 'portal_link' ? 'link' : 'account',
    expires_at: subject.expiresAt?.toISOString() ?? null,
    card_form: cardFormOf(deps, organisation),
    statement_years: years.sort((a, b) => b - a),
    statement_available: true,
  };
}

/**
 * The donor a link's donor id stands for today: itself, or, when staff merged it away, the donor
 * it was merged into (following later merges too); null when there is none.
 */
export async function currentDonorId(deps: PortalDeps, npoId: number, donorId: number): Promise<number | null> {
  let id: number | null = donorId;
  for (let hop = 0; id !== null && hop < 5; hop++) {
    if (await repo.findDonor(deps.db, npoId, id)) return id;
    id = await findMergedInto(deps.db, npoId, { donorId: id });
  }
  return null;
}

/** The donor id of a subject that must have one (gifts and plans need a donor record). */
function donorOf(subject: PortalSubject, notFound: string): number {
  if (subject.donorId === null) throw new AppError('NOT_FOUND', notFound);
  return subject.donorId;
}

export async function portalGifts(deps: PortalDeps, subject: PortalSubject) {
  if (subject.donorId === null) return [];
  return repo.listGifts(deps.db, subject.npoId, subject.donorId);
}

export async function portalGift(deps: PortalDeps, subject: PortalSubject, id: number) {
  const gift = await repo.findGift(deps.db, subject.npoId, donorOf(subject, PORTAL_MESSAGES.giftNotFound), id);
  if (!gift) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.giftNotFound);
  return gift;
}

/** The receipt PDF of one of the donor's own succeeded gifts. */
export async function portalReceipt(deps: PortalDeps, subject: PortalSubject, id: number) {
  const gift = await portalGift(deps, subject, id);
  const receipt = gift.has_receipt ? await renderDonationReceipt(deps.db, subject.npoId, gift.id) : null;
  if (!receipt) throw new AppError('NOT_FOUND', 'This donation has no receipt.');
  return receipt;
}

export async function portalStatement(deps: PortalDeps, subject: PortalSubject, year: number) {
  const donorId = donorOf(subject, PORTAL_MESSAGES.noDonor);
  const pdf = await renderAnnualStatement(deps.db, { npoId: subject.npoId, donorId, year });
  return { filename: `statement-${year}.pdf`, pdf };
}

export async function portalPlans(deps: PortalDeps, subject: PortalSubject) {
  if (subject.donorId === null) return [];
  return repo.listPlans(deps.db, subject.npoId, subject.donorId);
}

export async function portalPlan(deps: PortalDeps, subject: PortalSubject, id: number): Promise<TPortalPlan> {
  const plan = await repo.findPortalPlan(deps.db, subject.npoId, donorOf(subject, PORTAL_MESSAGES.planNotFound), id);
  if (!plan) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.planNotFound);
  return plan;
}

/** The plans module's actor for this subject (the donor's name goes into staff notifications). */
export async function donorActorOf(deps: PortalDeps, subject: PortalSubject, notFound: string): Promise<DonorActor> {
  const donorId = donorOf(subject, notFound);
  const donor = await repo.findDonor(deps.db, subject.npoId, donorId);
  if (!donor) throw new AppError('NOT_FOUND', notFound);
  return {
    npoId: subject.npoId,
    donorId,
    donorName: `${donor.first_name} ${donor.last_name}`.trim() || donor.email,
    userId: subject.userId,
    via: subject.via,
    ip: subject.ip,
  };
}

export async function changePortalPlan(
  deps: PortalDeps,
  subject: PortalSubject,
  planId: number,
  change: DonorPlanChange,
): Promise<TPortalPlan> {
  const actor = await donorActorOf(deps, subject, PORTAL_MESSAGES.planNotFound);
  await deps.db.transaction((tx) => changePlanAsDonor(tx, actor, planId, change));
  return portalPlan(deps, subject, planId);
}

export const updateChange = (body: TPortalPlanUpdate): DonorPlanChange => ({
  kind: 'update',
  ...(body.amount_minor !== undefined ? { amountMinor: body.amount_minor } : {}),
  ...(body.interval !== undefined ? { interval: body.interval } : {}),
  ...(body.next_charge_date !== undefined ? { nextChargeDate: body.next_charge_date } : {}),
});
