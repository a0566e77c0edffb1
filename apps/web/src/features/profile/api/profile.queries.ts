import type {
  TBackupCodesResponse,
  TChangePasswordRequest,
  TEmailChangeRequest,
  TEmailChangeResponse,
  TEmailConfirmResponse,
  TMfaSetupResponse,
  TMfaStatusResponse,
  TProfile,
  TUpdateProfileRequest,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../../app/api-client.ts';

/** Query keys of the profile page, written once. */
export const profileKeys = {
  all: ['profile'] as const,
  profile: () => [...profileKeys.all, 'me'] as const,
  mfa: () => [...profileKeys.all, 'mfa'] as const,
};

export const profileQueries = {
  profile: () =>
    queryOptions({
      queryKey: profileKeys.profile(),
      queryFn: ({ signal }) => api<TProfile>('GET', '/account/profile', { signal }),
    }),
  mfaStatus: () =>
    queryOptions({
      queryKey: profileKeys.mfa(),
      queryFn: ({ signal }) => api<TMfaStatusResponse>('GET', '/account/mfa', { signal }),
    }),
};

export const profileApi = {
  updateName: (body: TUpdateProfileRequest) => api<TProfile>('PUT', '/account/profile', { body }),
  uploadPhoto: (file: File) => uploadFile<TProfile>('/account/profile/photo', file, 'image'),
  removePhoto: () => api<TProfile>('DELETE', '/account/profile/photo'),
  requestEmailChange: (body: TEmailChangeRequest) => api<TEmailChangeResponse>('POST', '/account/email', { body }),
  confirmEmailChange: (token: string) =>
    api<TEmailConfirmResponse>('POST', '/account/email/confirm', { body: { token } }),
  changePassword: (body: TChangePasswordRequest) => api<unknown>('POST', '/account/password', { body }),
  setupMfa: () => api<TMfaSetupResponse>('POST', '/account/mfa/setup', { body: {} }),
  enableMfa: (otpCode: string) =>
    api<TBackupCodesResponse>('POST', '/account/mfa/enable', { body: { otp_code: otpCode } }),
  regenerateBackupCodes: (otpCode: string) =>
    api<TBackupCodesResponse>('POST', '/account/mfa/backup_codes', { body: { otp_code: otpCode } }),
  disableMfa: (otpCode: string) => api<unknown>('POST', '/account/mfa/disable', { body: { otp_code: otpCode } }),
};
