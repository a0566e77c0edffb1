// SQL only: the organisation profile columns of npos (docs/product/organisation-profile.md).
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { npos } from './organisations.tables.ts';

export const profileColumns = {
  name: npos.name,
  legalName: npos.legalName,
  logoUrl: npos.logoUrl,
  addressLine1: npos.addressLine1,
  addressLine2: npos.addressLine2,
  city: npos.city,
  region: npos.region,
  postcode: npos.postcode,
  country: npos.country,
  ein: npos.ein,
  ukCharityNumber: npos.ukCharityNumber,
  hmrcReference: npos.hmrcReference,
  otherTaxIds: npos.otherTaxIds,
  website: npos.website,
  contactEmail: npos.contactEmail,
  baseCurrency: npos.baseCurrency,
  fiscalYearStartMonth: npos.fiscalYearStartMonth,
  timeZone: npos.timeZone,
  locale: npos.locale,
  monthlyGoalMinor: npos.monthlyGoalMinor,
  receiptSignatoryName: npos.receiptSignatoryName,
  receiptSignatoryTitle: npos.receiptSignatoryTitle,
  receiptSignatureUrl: npos.receiptSignatureUrl,
  receiptFooter: npos.receiptFooter,
};

export type ProfileRow = Pick<typeof npos.$inferSelect, keyof typeof profileColumns>;
export type ProfileValues = Omit<ProfileRow, 'logoUrl' | 'receiptSignatureUrl' | 'timeZone' | 'locale'>;

/** The profile of that organisation (null: none); `lock` holds the row until the transaction ends. */
export async function findProfile(db: Tx, npoId: number, lock = false): Promise<ProfileRow | null> {
  const query = db.select(profileColumns).from(npos).where(eq(npos.id, npoId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateProfile(db: Tx, npoId: number, values: ProfileValues): Promise<void> {
  await db.update(npos).set(values).where(eq(npos.id, npoId));
}

export async function setProfileImage(
  db: Tx,
  npoId: number,
  kind: 'logo' | 'signature',
  url: string,
): Promise<string | null> {
  const column = kind === 'logo' ? npos.logoUrl : npos.receiptSignatureUrl;
  const [before] = await db.select({ url: column }).from(npos).where(eq(npos.id, npoId)).for('update');
  await db
    .update(npos)
    .set(kind === 'logo' ? { logoUrl: url } : { receiptSignatureUrl: url })
    .where(eq(npos.id, npoId));
  return before?.url ?? null;
}

/**
 * Whether the organisation has recorded a gift. Read in SQL rather than through the donations
 * module, which depends on this one; it only asks whether a row exists.
 */
export async function hasGifts(db: Tx, npoId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM donations WHERE npo_id = ${npoId}) AS found`,
  );
  return rows[0]?.found === true;
}
