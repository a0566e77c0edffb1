// An organisation's payment request reminders (docs/decisions/055-payment-request-e-mails.md): on or off,
// and how many days before and after the due day. No row means the defaults.
import type { TPaymentRequestSettings } from '@kindling/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { paymentRequestSettings } from './payment-request-emails.tables.ts';

export const DEFAULT_REMINDERS: TPaymentRequestSettings = { reminders_enabled: true, days_before: 3, days_after: 7 };

export async function getRequestSettings(db: Db, npoId: number): Promise<TPaymentRequestSettings> {
  const [row] = await db.select().from(paymentRequestSettings).where(eq(paymentRequestSettings.npoId, npoId));
  if (!row) return DEFAULT_REMINDERS;
  return { reminders_enabled: row.remindersEnabled, days_before: row.daysBefore, days_after: row.daysAfter };
}

export async function saveRequestSettings(db: Db, npoId: number, input: TPaymentRequestSettings) {
  const values = {
    remindersEnabled: input.reminders_enabled,
    daysBefore: input.days_before,
    daysAfter: input.days_after,
  };
  await db
    .insert(paymentRequestSettings)
    .values({ npoId, ...values })
    .onConflictDoUpdate({ target: paymentRequestSettings.npoId, set: { ...values, updatedAt: sql`now()` } });
  return getRequestSettings(db, npoId);
}
