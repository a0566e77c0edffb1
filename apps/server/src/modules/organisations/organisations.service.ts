import {
  canonicalLocale,
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  type TCampaignRef,
  type TNpo,
  type TOrganisationDefaults,
  type TOrganisationOption,
  type TOrganisationSettingsResponse,
  type TOrganisationStats,
} from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { violatedUniqueKey } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './organisations.repository.ts';

export const toOrganisationOption = (m: repo.MembershipView): TOrganisationOption => ({
  id: m.npoId,
  name: m.npoName,
  logo: m.logoUrl,
  role_name: m.roleName,
  user_role: m.roleCode,
});

/**
 * Everything the session loads when an organisation is selected (docs/product/sign-in.md#the-session). Built
 * by the analysis module (organisation-snapshot.ts), which reads campaigns and donations above this
 * layer; app.ts hands it to auth.
 */
export type OrganisationSnapshot = {
  npo: TNpo;
  stats: TOrganisationStats;
  campaigns: TCampaignRef[];
  paymentTypes: string[];
  statuses: string[];
  currencies: string[];
};

/** The seven totals that refresh and select_npo repeat at the top level. */
export const sevenTotals = (stats: TOrganisationStats | null) => ({
  donations_total: stats?.donations_total ?? 0,
  recurring_donations_total: stats?.recurring_donations_total ?? 0,
  donors_total: stats?.donors_count ?? 0,
  recurring_donors: stats?.recurring_donors ?? 0,
  new_donations: stats?.new_donations ?? 0,
  new_recurring_donations: stats?.new_recurring_donations ?? 0,
  new_donors: stats?.new_donors ?? 0,
});

/** Lower-case ASCII words joined by hyphens, at most 60 characters; 'organisation' when nothing is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'organisation';
}

async function uniqueSlug(db: Tx, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(await repo.slugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export type NewOrganisation = {
  userId: number;
  name: string;
  baseCurrency: string;
  stripeAccountId: string | null;
  /** What the creator's browser reported; unknown values fall back to UTC and en-US (decision 027). */
  timeZone?: string | undefined;
  locale?: string | undefined;
  ip: string | null;
  // con24c: the console creates an organisation with no member yet (its owner is invited), in its country.
  country?: string;
  withoutMember?: boolean;
  /**
   * k24: the platform's settings for a new organisation (decision 083): its zone and language stand in
   * for a missing or unknown browser report, its fiscal year and receipt footer are the start.
   */
  defaults?: TOrganisationDefaults;
  /** Runs in the creating transaction (the console's invitation and audit). */
  inside?: (tx: Tx, npoId: number) => Promise<void>;
};

/** Creates an organisation with its creator as admin (5150). */
export async function createOrganisation(db: Db, input: NewOrganisation): Promise<TOrganisationOption> {
  // Two organisations of one name created at once pick the same free slug; the unique key decides
  // and the loser picks again, seeing the winner's.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertOrganisationWithAdmin(db, input);
    } catch (error) {
      if (attempt >= 5 || violatedUniqueKey(error) !== 'npos_slug_unique') throw error;
    }
  }
}

function insertOrganisationWithAdmin(db: Db, input: NewOrganisation): Promise<TOrganisationOption> {
  return db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, input.name);
    const d = input.defaults;
    const timeZone =
      input.timeZone && isTimeZone(input.timeZone) ? input.timeZone : (d?.time_zone ?? DEFAULT_TIME_ZONE);
    const locale = (input.locale && canonicalLocale(input.locale)) || d?.locale || DEFAULT_LOCALE;
    const npoId = await repo.insertOrganisation(tx, {
      name: input.name,
      slug,
      baseCurrency: input.baseCurrency,
      stripeAccountId: input.stripeAccountId,
      timeZone,
      locale,
      ...(input.country ? { country: input.country } : {}),
      ...(d ? { fiscalYearStartMonth: d.fiscal_year_start_month, receiptFooter: d.receipt_footer } : {}),
    });
    if (!input.withoutMember) {
      await repo.insertMembership(tx, { npoId, userId: input.userId, roleCode: 5150, roleName: 'admin' });
    }
    await recordAudit(tx, {
      npoId,
      actorUserId: input.userId,
      action: 'organisation.created',
      targetType: 'npo',
      targetId: npoId,
      data: {
        name: input.name,
        slug,
        base_currency: input.baseCurrency,
        stripe_account: input.stripeAccountId,
        time_zone: timeZone,
        locale,
      },
      ip: input.ip,
    });
    await input.inside?.(tx, npoId);
    return { id: npoId, name: input.name, logo: null, role_name: 'admin', user_role: 5150 };
  });
}

/**
 * An admin sets the organisation's time zone and locale (decision 027). Another zone reopens its
 * closed day sums and re-sums its donors' giving years in the same transaction (the npos triggers);
 * the periodic closing sums the days again. The organisation profile saves them through here too.
 */
export async function applyOrganisationSettings(
  tx: Tx,
  actor: { npoId: number; userId: number; ip: string | null },
  settings: TOrganisationSettingsResponse,
): Promise<TOrganisationSettingsResponse> {
  const before = await repo.updateNpoSettings(tx, actor.npoId, {
    timeZone: settings.time_zone,
    locale: settings.locale,
  });
  if (!before) throw new AppError('NOT_FOUND', 'Organisation not found.');
  if (before.timeZone !== settings.time_zone || before.locale !== settings.locale) {
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: 'organisation.settings_updated',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { before: { time_zone: before.timeZone, locale: before.locale }, after: settings },
      ip: actor.ip,
    });
  }
  return settings;
}

export const updateOrganisationSettings = (
  db: Db,
  actor: { npoId: number; userId: number; ip: string | null },
  settings: TOrganisationSettingsResponse,
): Promise<TOrganisationSettingsResponse> => db.transaction((tx) => applyOrganisationSettings(tx, actor, settings));
