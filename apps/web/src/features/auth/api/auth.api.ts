import type {
  TCreateOrganisationRequest,
  TLoginResponse,
  TOrganisationOption,
  TSignUpAccountRequest,
} from '@kindling/contracts';
import { api } from '../../../app/api-client.ts';

/** The sign-in calls in docs/product/sign-in.md#calls and the sign-up and password calls the screens need. */
export const authApi = {
  signIn: (email: string, password: string) =>
    api<TLoginResponse>('POST', '/npo_users/sign_in', { body: { npo_user: { email, password } } }),
  verifyOtp: (tempSessionId: string, otpCode: string) =>
    api<TLoginResponse>('POST', '/verify_otp', { body: { temp_session_id: tempSessionId, otp_code: otpCode } }),
  verifyBackupCode: (tempSessionId: string, backupCode: string) =>
    api<TLoginResponse>('POST', '/verify_backup_code', {
      body: { temp_session_id: tempSessionId, backup_code: backupCode },
    }),
  googleOnetap: (credential: string) => api<TLoginResponse>('POST', '/google_onetap', { body: { credential } }),
  stripeOnetap: (body: { code: string; state: string; stripe_oauth_state: string }) =>
    api<TLoginResponse>('POST', '/stripe_onetap', { body }),
  signUp: (body: TSignUpAccountRequest) => api<TLoginResponse>('POST', '/signup', { body }),
  createOrganisation: (body: TCreateOrganisationRequest) =>
    api<{ npo: TOrganisationOption }>('POST', '/npo_admin/organisations', { body }),
  forgotPassword: (email: string) => api<{ message: string }>('POST', '/password/forgot', { body: { email } }),
  checkResetToken: (token: string, signal?: AbortSignal) =>
    api<{ email: string }>('GET', `/password/reset/${encodeURIComponent(token)}`, { signal }),
  resetPassword: (token: string, password: string) =>
    api<{ message?: string }>('POST', '/password/reset', { body: { token, password } }),
  /** docs/product/sign-in.md#e-mail-verification */
  verifyEmail: (token: string) => api<{ message: string }>('POST', '/email_verification', { body: { token } }),
  resendVerification: () => api<{ message: string }>('POST', '/account/email_verification'),
};
