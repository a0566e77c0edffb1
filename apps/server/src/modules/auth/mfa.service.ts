import { MESSAGES, type TMfaSetupResponse, type TMfaStatusResponse } from '@kindling/contracts';
import QRCode from 'qrcode';
import type { Tx } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { countUnusedBackupCodes, replaceBackupCodes } from './second-factor.repository.ts';
import { issueBackupCodes } from './sign-in.service.ts';
import {
  matchTotpStep,
  newTotpSecret,
  openPendingSecret,
  openTotpSecret,
  sealPendingSecret,
  sealTotpSecret,
} from './totp.ts';
import * as users from './users.repository.ts';

type Actor = { userId: number; ip: string | null };

async function getUser(deps: AuthDeps, userId: number) {
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
  return user;
}

/** Checks a code against the per-user limit; counts a failure and answers 422 when it is wrong. */
async function requireCodeStep(deps: AuthDeps, userId: number, secret: string, code: string, consumed: number | null) {
  await deps.limits.secondFactor.assertAllowed(String(userId));
  const step = matchTotpStep(secret, code, consumed);
  if (step === null) {
    await deps.limits.secondFactor.recordFailure(String(userId));
    throw new AppError('INVALID_OTP', MESSAGES.invalidOtp, { otp_code: MESSAGES.invalidOtp });
  }
  await deps.limits.secondFactor.reset(String(userId));
  return step;
}

/** The current authenticator code of an enrolled user, used up so it cannot be replayed. */
async function requireActiveCode(deps: AuthDeps, tx: Tx, userId: number, code: string) {
  const user = await getUser(deps, userId);
  if (!user.otpEnabled || !user.otpSecret) {
    throw new AppError('VALIDATION_FAILED', 'Two-factor authentication is not turned on.');
  }
  const secret = openTotpSecret(deps.config.totpKey, user.id, user.otpSecret);
  const step = await requireCodeStep(deps, user.id, secret, code, user.otpConsumedStep);
  if (!(await users.consumeOtpStep(tx, user.id, step))) {
    throw new AppError('INVALID_OTP', MESSAGES.invalidOtp, { otp_code: MESSAGES.invalidOtp });
  }
}

export async function getMfaStatus(deps: AuthDeps, userId: number): Promise<TMfaStatusResponse> {
  const user = await getUser(deps, userId);
  return {
    otp_enabled: user.otpEnabled,
    backup_codes_remaining: user.otpEnabled ? await countUnusedBackupCodes(deps.db, userId) : 0,
  };
}

/** A new secret, kept pending (sealed) until a code from it confirms the enrolment. */
export async function startMfaSetup(deps: AuthDeps, actor: Actor): Promise<TMfaSetupResponse> {
  const user = await getUser(deps, actor.userId);
  if (user.otpEnabled) {
    throw new AppError('CONFLICT', 'Two-factor authentication is already on. Turn it off before setting it up again.');
  }
  const { secret, otpauthUrl } = newTotpSecret(user.email);
  await users.updateOtpSettings(deps.db, user.id, {
    otpPendingSecret: sealPendingSecret(deps.config.totpKey, user.id, secret),
  });
  return { secret, otpauth_url: otpauthUrl, qr_data_url: await QRCode.toDataURL(otpauthUrl) };
}

/** Confirms enrolment with a code from the pending secret; returns the first ten backup codes. */
export async function enableMfa(deps: AuthDeps, actor: Actor, code: string): Promise<string[]> {
  const user = await getUser(deps, actor.userId);
  if (user.otpEnabled) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
  if (!user.otpPendingSecret) {
    throw new AppError('VALIDATION_FAILED', 'Start the set-up first: scan a new QR code.');
  }
  const secret = openPendingSecret(deps.config.totpKey, user.id, user.otpPendingSecret);
  const step = await requireCodeStep(deps, user.id, secret, code, null);
  return deps.db.transaction(async (tx) => {
    await users.updateOtpSettings(tx, user.id, {
      otpSecret: sealTotpSecret(deps.config.totpKey, user.id, secret),
      otpPendingSecret: null,
      otpEnabled: true,
      otpConsumedStep: step,
    });
    const codes = await issueBackupCodes(deps, tx, user.id);
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'user.mfa_enabled',
      targetType: 'user',
      targetId: user.id,
      ip: actor.ip,
    });
    return codes;
  });
}

/** Ten new backup codes; the old ones stop working. */
export async function regenerateBackupCodes(deps: AuthDeps, actor: Actor, code: string): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    await requireActiveCode(deps, tx, actor.userId, code);
    const codes = await issueBackupCodes(deps, tx, actor.userId);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.backup_codes_regenerated',
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
    });
    return codes;
  });
}

export async function disableMfa(deps: AuthDeps, actor: Actor, code: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireActiveCode(deps, tx, actor.userId, code);
    await users.updateOtpSettings(tx, actor.userId, {
      otpSecret: null,
      otpPendingSecret: null,
      otpEnabled: false,
      otpConsumedStep: null,
      backupCodesIssuedAt: null,
    });
    await replaceBackupCodes(tx, actor.userId, []);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.mfa_disabled',
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
    });
  });
}
