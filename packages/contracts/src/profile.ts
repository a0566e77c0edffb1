import { z } from 'zod';

// The signed-in person's own profile on /profile (docs/product/profile.md): any role, donors too.

/** How long an e-mail change link works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** GET /account/profile, and the answer of every change to it. */
export const ZProfile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The uploaded photo, else the picture of a Google account, else null. */
  photo_url: z.string().nullable(),
  /** True when the photo is one uploaded here (so it can be removed). */
  has_uploaded_photo: z.boolean(),
  /** An address waiting for its link to be opened. */
  pending_email: z.string().nullable(),
  /** False for an account that signs in only with Google or Stripe: no current password to ask. */
  has_password: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, 'Use at most 100 characters');

export const ZUpdateProfileRequest = z
  .object({ first_name: name('First name'), last_name: name('Last name') })
  .strict();
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZEmailChangeRequest = z
  .object({
    new_email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
    /** Required when the account has a password. */
    current_password: z.string().max(1024).optional(),
  })
  .strict();
export type TEmailChangeRequest = z.input<typeof ZEmailChangeRequest>;

export const ZEmailChangeResponse = z.object({
  status: z.number().int(),
  message: z.string(),
  pending_email: z.string(),
});
export type TEmailChangeResponse = z.infer<typeof ZEmailChangeResponse>;

export const ZEmailConfirmRequest = z.object({ token: z.string().trim().min(10).max(200) }).strict();

export const ZEmailConfirmResponse = z.object({ status: z.number().int(), message: z.string(), email: z.string() });
export type TEmailConfirmResponse = z.infer<typeof ZEmailConfirmResponse>;
