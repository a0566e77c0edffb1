import type { TPlatformSettings, TPlatformSettingsRequest } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { platformSettings } from './console.tables.ts';

/** The one settings row (the migration creates it). */
export async function getPlatformSettings(db: Tx): Promise<TPlatformSettings> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  return {
    name: row?.name ?? 'Kindling',
    default_platform_fee_bps: row?.defaultPlatformFeeBps ?? 0,
    self_service_sign_up: row?.selfServiceSignUp ?? true,
    maintenance_banner: row?.maintenanceBanner ?? '',
    reporting_currency: row?.reportingCurrency ?? 'USD',
  };
}

export async function savePlatformSettings(tx: Tx, userId: number, input: TPlatformSettingsRequest): Promise<void> {
  await tx
    .update(platformSettings)
    .set({
      name: input.name,
      defaultPlatformFeeBps: input.default_platform_fee_bps,
      selfServiceSignUp: input.self_service_sign_up,
      maintenanceBanner: input.maintenance_banner,
      updatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(eq(platformSettings.id, 1));
}

/** For sign-up (auth, through app.ts): whether anyone may create an organisation. */
export const selfServiceSignUpOpen = async (db: Db): Promise<boolean> =>
  (await getPlatformSettings(db)).self_service_sign_up;
