// console24: what the platform operator may do to an account from /console/users (decision 046).
// The writes stay here, beside the sign-in code that reads them; the console records the audit.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tx.ts';
import { users } from '../users/index.ts';
import { replaceBackupCodes } from './second-factor.repository.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import { updateOtpSettings } from './users.repository.ts';

/** Removes the authenticator and backup codes: the next sign-in asks for the password only. */
export async function resetSecondFactor(tx: Tx, userId: number): Promise<void> {
  await updateOtpSettings(tx, userId, {
    otpSecret: null,
    otpPendingSecret: null,
    otpEnabled: false,
    otpConsumedStep: null,
    backupCodesIssuedAt: null,
  });
  await replaceBackupCodes(tx, userId, []);
}

/** Ends every session of the user: each browser's next request is signed out. */
export const signOutEverywhere = (tx: Tx, userId: number): Promise<void> => deleteSessionsOfUser(tx, userId);

/** A locked account is signed out and refused at its next first factor until unlocked. */
export async function setAccountLocked(tx: Tx, userId: number, locked: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ lockedAt: locked ? sql`now()` : null })
    .where(eq(users.id, userId));
  if (locked) await deleteSessionsOfUser(tx, userId);
}
