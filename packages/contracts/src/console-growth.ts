// con24c: the console creates organisations by invitation and shows growth over time
// (docs/product/console.md, docs/decisions/063-console-growth.md).
import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import { isCountryCode } from './organisation-profile.ts';

export const CONSOLE_GROWTH_MESSAGES = {
  name: 'Enter the organisation’s name (2 to 150 characters)',
  country: 'Choose a country from the list.',
  currency: 'Choose a supported currency',
  ownerEmail: 'Enter the owner’s e-mail address',
  reason: 'Give a reason (it is recorded in the audit log)',
} as const;

/** POST /console/organizations: a new organisation whose owner is invited by e-mail. */
export const ZConsoleCreateOrganisationRequest = z
  .object({
    name: z.string().trim().min(2, CONSOLE_GROWTH_MESSAGES.name).max(150, CONSOLE_GROWTH_MESSAGES.name),
    country: z
      .string({ error: CONSOLE_GROWTH_MESSAGES.country })
      .trim()
      .toUpperCase()
      .refine((v) => isCountryCode(v), CONSOLE_GROWTH_MESSAGES.country),
    base_currency: ZCurrencyCode,
    owner_email: z
      .string({ error: CONSOLE_GROWTH_MESSAGES.ownerEmail })
      .trim()
      .toLowerCase()
      .email(CONSOLE_GROWTH_MESSAGES.ownerEmail)
      .max(254),
    reason: z
      .string({ error: CONSOLE_GROWTH_MESSAGES.reason })
      .trim()
      .min(3, CONSOLE_GROWTH_MESSAGES.reason)
      .max(500, 'Keep the reason under 500 characters'),
  })
  .strict();
export type TConsoleCreateOrganisationRequest = z.infer<typeof ZConsoleCreateOrganisationRequest>;

export const ZConsoleCreatedOrganisation = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_email: z.string(),
  invitation_expires_at: z.string(),
});
export type TConsoleCreatedOrganisation = z.infer<typeof ZConsoleCreatedOrganisation>;

/** An organisation's pending owner invitation (the console's page shows it and resends it). */
export const ZConsoleOwnerInvitation = z.object({
  email: z.string(),
  expires_at: z.string(),
  /** False once its 7 days have passed: resending makes a new link either way. */
  live: z.boolean(),
});
export type TConsoleOwnerInvitation = z.infer<typeof ZConsoleOwnerInvitation>;
export const CONSOLE_INVITATION_MESSAGES = {
  none: 'This organisation has no pending owner invitation: its owner has joined, or the invitation was withdrawn.',
} as const;

/** One month of /console/analytics, in the platform's reporting currency. */
export const ZConsoleGrowthMonth = z.object({
  month: z.string(),
  organisations_new: z.number().int(),
  organisations_active: z.number().int(),
  /** Share (0–1) of last month's active organisations still active this month; null for the first month. */
  retention: z.number().nullable(),
  /** Donor records the organisations gained this month. */
  donors_new: z.number().int(),
  gross_minor: z.number().int(),
  refunds_minor: z.number().int(),
  fees_minor: z.number().int(),
});
export type TConsoleGrowthMonth = z.infer<typeof ZConsoleGrowthMonth>;

export const ZConsoleSizeBucket = z.object({
  label: z.string(),
  /** Lower bound in minor units of the reporting currency (inclusive); upper is the next bucket's. */
  from_minor: z.number().int(),
  organisations: z.number().int(),
});

export const ZConsoleAnalytics = z.object({
  currency: z.string(),
  months: z.array(ZConsoleGrowthMonth),
  sizes: z.array(ZConsoleSizeBucket),
});
export type TConsoleAnalytics = z.infer<typeof ZConsoleAnalytics>;
