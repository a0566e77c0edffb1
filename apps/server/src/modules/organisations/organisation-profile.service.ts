// The organisation profile (docs/product/organisation-profile.md): what its admins say about the
// organisation, and what receipts, statements and the donation form print from it.
import {
  ORGANISATION_PROFILE_MESSAGES,
  type TOrganisationProfile,
  type ZOrganisationProfileRequest,
} from '@kindling/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { storeUploadedImage } from '../../platform/files/image-upload.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './organisation-profile.repository.ts';
import { applyOrganisationSettings } from './organisations.service.ts';

type Actor = { npoId: number; userId: number; ip: string | null };
type ProfileInput = z.output<typeof ZOrganisationProfileRequest>;

const NOT_FOUND = 'Organisation not found.';

function toProfile(row: repo.ProfileRow, hasGifts: boolean): TOrganisationProfile {
  return {
    legal_name: row.legalName,
    display_name: row.name,
    logo_url: row.logoUrl,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      region: row.region,
      postcode: row.postcode,
    },
    country: row.country,
    ein: row.ein,
    uk_charity_number: row.ukCharityNumber,
    hmrc_reference: row.hmrcReference,
    other_tax_ids: row.otherTaxIds,
    website: row.website,
    contact_email: row.contactEmail,
    base_currency: row.baseCurrency,
    fiscal_year_start_month: row.fiscalYearStartMonth,
    time_zone: row.timeZone,
    locale: row.locale,
    monthly_goal: row.monthlyGoalMinor,
    receipt_signatory_name: row.receiptSignatoryName,
    receipt_signatory_title: row.receiptSignatoryTitle,
    receipt_signature_url: row.receiptSignatureUrl,
    receipt_footer: row.receiptFooter,
    has_gifts: hasGifts,
  };
}

export async function getOrganisationProfile(db: Tx, npoId: number): Promise<TOrganisationProfile> {
  const row = await repo.findProfile(db, npoId);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toProfile(row, await repo.hasGifts(db, npoId));
}

const toValues = (p: ProfileInput): repo.ProfileValues => ({
  name: p.display_name,
  legalName: p.legal_name,
  addressLine1: p.address.line1,
  addressLine2: p.address.line2,
  city: p.address.city,
  region: p.address.region,
  postcode: p.address.postcode,
  country: p.country,
  ein: p.ein,
  ukCharityNumber: p.uk_charity_number,
  hmrcReference: p.hmrc_reference,
  otherTaxIds: p.other_tax_ids,
  website: p.website,
  contactEmail: p.contact_email,
  baseCurrency: p.base_currency,
  fiscalYearStartMonth: p.fiscal_year_start_month,
  monthlyGoalMinor: p.monthly_goal,
  receiptSignatoryName: p.receipt_signatory_name,
  receiptSignatoryTitle: p.receipt_signatory_title,
  receiptFooter: p.receipt_footer,
});

/** The fields that changed, as { field: [before, after] }, for the audit log. */
function changes(before: repo.ProfileValues, after: repo.ProfileValues): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof repo.ProfileValues)[]) {
    if (before[key] !== after[key]) changed[key] = [before[key], after[key]];
  }
  return changed;
}

/**
 * Saves the whole profile. The time zone and locale go through the same step as the account page's
 * organisation settings (decision 027). Another base currency once a gift exists needs
 * `confirm_currency_change`: recorded gifts keep the base amounts and rates they were converted
 * with, and only later gifts are converted to the new currency.
 */
export async function updateOrganisationProfile(
  db: Db,
  actor: Actor,
  input: ProfileInput,
): Promise<TOrganisationProfile> {
  return db.transaction(async (tx) => {
    const row = await repo.findProfile(tx, actor.npoId, true);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const gifts = await repo.hasGifts(tx, actor.npoId);
    if (input.base_currency !== row.baseCurrency && gifts && input.confirm_currency_change !== true) {
      const message = ORGANISATION_PROFILE_MESSAGES.currencyConfirm;
      throw new AppError('CONFLICT', message, { base_currency: message });
    }
    await applyOrganisationSettings(tx, actor, { time_zone: input.time_zone, locale: input.locale });
    const { timeZone: _z, locale: _l, logoUrl: _g, receiptSignatureUrl: _s, ...before } = row;
    const after = toValues(input);
    const changed = changes(before, after);
    if (Object.keys(changed).length > 0) {
      await repo.updateProfile(tx, actor.npoId, after);
      await recordAudit(tx, {
        npoId: actor.npoId,
        actorUserId: actor.userId,
        action: changed.baseCurrency ? 'organisation.base_currency_changed' : 'organisation.profile_updated',
        targetType: 'npo',
        targetId: actor.npoId,
        data: { changed },
        ip: actor.ip,
      });
    }
    return getOrganisationProfile(tx, actor.npoId);
  });
}

/** Stores an uploaded logo or receipt signature and makes it the organisation's. */
export async function uploadOrganisationImage(
  db: Db,
  files: FileStore,
  actor: Actor,
  kind: 'logo' | 'signature',
  request: FastifyRequest,
): Promise<{ url: string }> {
  const url = await storeUploadedImage(files, request, { npoId: actor.npoId, folder: 'organisation', name: kind });
  await db.transaction(async (tx) => {
    const before = await repo.setProfileImage(tx, actor.npoId, kind, url);
    await recordAudit(tx, {
      npoId: actor.npoId,
      actorUserId: actor.userId,
      action: kind === 'logo' ? 'organisation.logo_changed' : 'organisation.signature_changed',
      targetType: 'npo',
      targetId: actor.npoId,
      data: { before, after: url },
      ip: actor.ip,
    });
  });
  return { url };
}

export type ProfileStatus = { complete: boolean; missing: string[]; hasLogo: boolean };

/**
 * What the launchpad asks: the profile is complete with a legal name, an address (first line and
 * city: not every country has postcodes), a country, a contact e-mail and at least one charity or tax identifier.
 * `missing` names the absent ones in the request's field names.
 */
export async function profileStatus(db: Tx, npoId: number): Promise<ProfileStatus> {
  const row = await repo.findProfile(db, npoId);
  if (!row) return { complete: false, missing: ['organisation'], hasLogo: false };
  const missing: string[] = [];
  if (!row.legalName) missing.push('legal_name');
  if (!row.addressLine1 || !row.city) missing.push('address');
  if (!row.country) missing.push('country');
  if (!row.contactEmail) missing.push('contact_email');
  if (!row.ein && !row.ukCharityNumber && !row.hmrcReference && !row.otherTaxIds) missing.push('tax_identifier');
  return { complete: missing.length === 0, missing, hasLogo: row.logoUrl !== null };
}
