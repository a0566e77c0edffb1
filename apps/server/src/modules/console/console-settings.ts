import type { TOrganisationDefaults, TPlatformSettings, TPlatformSettingsRequest } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { platformSettings } from './console.tables.ts';

/** The one settings row (the migration creates it). */
export async function getPlatformSettings(db: Tx): Promise<TPlatformSettings> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  return {
    name: row?.name ?? 'Kindling',
    logo_url: row?.logoUrl ?? null,
    default_platform_fee_bps: row?.defaultPlatformFeeBps ?? 0,
    self_service_sign_up: row?.selfServiceSignUp ?? true,
    maintenance_banner: row?.maintenanceBanner ?? '',
    reporting_currency: row?.reportingCurrency ?? 'USD',
    organisation_defaults: {
      base_currency: row?.defaultBaseCurrency ?? 'USD',
      time_zone: row?.defaultTimeZone ?? 'UTC',
      locale: row?.defaultLocale ?? 'en-US',
      fiscal_year_start_month: row?.defaultFiscalYearStartMonth ?? 1,
      receipt_footer: row?.defaultReceiptFooter ?? '',
    },
  };
}

export async function savePlatformSettings(tx: Tx, userId: number, input: TPlatformSettingsRequest): Promise<void> {
  const defaults = input.organisation_defaults;
  await tx
    .update(platformSettings)
    .set({
      name: input.name,
      defaultPlatformFeeBps: input.default_platform_fee_bps,
      selfServiceSignUp: input.self_service_sign_up,
      maintenanceBanner: input.maintenance_banner,
      ...(defaults
        ? {
            defaultBaseCurrency: defaults.base_currency,
            defaultTimeZone: defaults.time_zone,
            defaultLocale: defaults.locale,
            defaultFiscalYearStartMonth: defaults.fiscal_year_start_month,
            defaultReceiptFooter: defaults.receipt_footer,
          }
        : {}),
      updatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(eq(platformSettings.id, 1));
}

/** Sets (or clears) the platform logo; answers the previous one, so its file can go. */
export async function savePlatformLogo(tx: Tx, userId: number, logoUrl: string | null): Promise<string | null> {
  const [before] = await tx
    .select({ logoUrl: platformSettings.logoUrl })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1))
    .for('update');
  await tx
    .update(platformSettings)
    .set({ logoUrl, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(platformSettings.id, 1));
  return before?.logoUrl ?? null;
}

/** For sign-up (auth, through app.ts): whether anyone may create an organisation. */
export const selfServiceSignUpOpen = async (db: Db): Promise<boolean> =>
  (await getPlatformSettings(db)).self_service_sign_up;

/** For sign-up (auth, through app.ts) and the console: what a new organisation starts with (decision 083). */
export const organisationDefaults = async (db: Db): Promise<TOrganisationDefaults> =>
  (await getPlatformSettings(db)).organisation_defaults;
