import { z } from 'zod';
import {
  type ZCampaignRef,
  type ZNpo,
  ZOrganisationOption,
  type ZUpdateUserPermissionsRequest,
  type ZUserPermissionsResponse,
} from './auth.ts';
import { canonicalLocale, isTimeZone } from './locale-rules.ts';

// Shapes of the server's answers that auth.ts leaves out, and types of its schemas.

/** A plain acknowledgement: logout, password changes, forgot-password (202). */
export const ZMessageResponse = z.object({ status: z.number().int(), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** GET /password/reset/:token: the link is usable; the address is shown masked (a…@example.org). */
export const ZResetTokenResponse = z.object({ status: z.number().int(), email: z.string() });
export type TResetTokenResponse = z.infer<typeof ZResetTokenResponse>;

/** POST /email_verification: the token of the e-mailed link (docs/product/sign-in.md#e-mail-verification). */
export const ZVerifyEmailRequest = z.object({ token: z.string().min(10).max(200) });
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

/** POST /npo_admin/organisations: the new organisation, already selected for the session. */
export const ZCreateOrganisationResponse = z.object({ npo: ZOrganisationOption });
export type TCreateOrganisationResponse = z.infer<typeof ZCreateOrganisationResponse>;

export const ZRefreshQuery = z.object({ role_name: z.string().max(100).optional() });

export type TNpo = z.infer<typeof ZNpo>;
export type TCampaignRef = z.infer<typeof ZCampaignRef>;
export type TUserPermissionsResponse = z.infer<typeof ZUserPermissionsResponse>;
export type TUpdateUserPermissionsRequest = z.infer<typeof ZUpdateUserPermissionsRequest>;

/** An organisation's IANA time zone and BCP 47 locale as requests give them (decision 027). */
export const ZOrganisationTimeZone = z
  .string()
  .trim()
  .max(100)
  .refine(isTimeZone, 'Choose a time zone from the list, such as America/New_York or Europe/London');
export const ZOrganisationLocale = z
  .string()
  .trim()
  .max(100)
  .refine((v) => canonicalLocale(v) !== null, 'Enter a language and region such as en-US, en-GB or fr-FR')
  .transform((v) => canonicalLocale(v) ?? v);

/** PUT /npo_admin/organisation_settings: the organisation's time zone and locale (decision 027). */
export const ZOrganisationSettingsRequest = z
  .object({ time_zone: ZOrganisationTimeZone, locale: ZOrganisationLocale })
  .strict();
export type TOrganisationSettingsRequest = z.input<typeof ZOrganisationSettingsRequest>;
export const ZOrganisationSettingsResponse = z.object({ time_zone: z.string(), locale: z.string() });
export type TOrganisationSettingsResponse = z.infer<typeof ZOrganisationSettingsResponse>;
