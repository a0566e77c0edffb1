import type {
  TBackupCodesResponse,
  TChangePasswordRequest,
  TMfaSetupResponse,
  TMfaStatusResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Query keys of the account screens, written once. */
export const accountKeys = {
  all: ['account'] as const,
  mfa: () => [...accountKeys.all, 'mfa'] as const,
};

export const accountQueries = {
  mfaStatus: () =>
    queryOptions({
      queryKey: accountKeys.mfa(),
      queryFn: ({ signal }) => api<TMfaStatusResponse>('GET', '/account/mfa', { signal }),
    }),
};

export const accountApi = {
  changePassword: (body: TChangePasswordRequest) => api<unknown>('POST', '/account/password', { body }),
  setupMfa: () => api<TMfaSetupResponse>('POST', '/account/mfa/setup', { body: {} }),
  enableMfa: (otpCode: string) =>
    api<TBackupCodesResponse>('POST', '/account/mfa/enable', { body: { otp_code: otpCode } }),
  regenerateBackupCodes: (otpCode: string) =>
    api<TBackupCodesResponse>('POST', '/account/mfa/backup_codes', { body: { otp_code: otpCode } }),
  disableMfa: (otpCode: string) => api<unknown>('POST', '/account/mfa/disable', { body: { otp_code: otpCode } }),
};
