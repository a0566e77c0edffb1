import type { z } from 'zod';
import type {
  ZAuthConfigResponse,
  ZBackupCodesResponse,
  ZChangePasswordRequest,
  ZCreateOrganisationRequest,
  ZForgotPasswordRequest,
  ZMfaSetupResponse,
  ZMfaStatusResponse,
  ZResetPasswordRequest,
  ZSignUpAccountRequest,
} from './auth.ts';

// Inferred types of auth.ts schemas that had none, for the web app (which does not depend on zod).
export type TAuthConfigResponse = z.infer<typeof ZAuthConfigResponse>;
export type TSignUpAccountRequest = z.input<typeof ZSignUpAccountRequest>;
export type TCreateOrganisationRequest = z.input<typeof ZCreateOrganisationRequest>;
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;
export type TMfaStatusResponse = z.infer<typeof ZMfaStatusResponse>;
export type TMfaSetupResponse = z.infer<typeof ZMfaSetupResponse>;
export type TBackupCodesResponse = z.infer<typeof ZBackupCodesResponse>;
