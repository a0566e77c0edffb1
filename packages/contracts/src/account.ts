import { z } from 'zod';
import {
  type ZCampaignRef,
  type ZNpo,
  ZOrganisationOption,
  type ZUpdateUserPermissionsRequest,
  type ZUserPermissionsResponse,
} from './auth.ts';

// Shapes of the server's answers that auth.ts leaves out, and types of its schemas.

/** A plain acknowledgement: logout, password changes, forgot-password (202). */
export const ZMessageResponse = z.object({ status: z.number().int(), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** GET /password/reset/:token: the link is usable; the address is shown masked (a…@example.org). */
export const ZResetTokenResponse = z.object({ status: z.number().int(), email: z.string() });
export type TResetTokenResponse = z.infer<typeof ZResetTokenResponse>;

/** POST /npo_admin/organisations: the new organisation, already selected for the session. */
export const ZCreateOrganisationResponse = z.object({ npo: ZOrganisationOption });
export type TCreateOrganisationResponse = z.infer<typeof ZCreateOrganisationResponse>;

export const ZRefreshQuery = z.object({ role_name: z.string().max(100).optional() });

export type TNpo = z.infer<typeof ZNpo>;
export type TCampaignRef = z.infer<typeof ZCampaignRef>;
export type TUserPermissionsResponse = z.infer<typeof ZUserPermissionsResponse>;
export type TUpdateUserPermissionsRequest = z.infer<typeof ZUpdateUserPermissionsRequest>;
