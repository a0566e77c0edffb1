import { z } from 'zod';

// The security page of an organisation (docs/product/security.md): its sign-in policy, its members'
// sessions, their sign-in history and the audit log.

/** Session lifetime bounds, in hours: at least an hour, at most the 30 days a session had before. */
export const SESSION_LIFETIME_MIN_HOURS = 1;
export const SESSION_LIFETIME_MAX_HOURS = 30 * 24;
export const SESSION_LIFETIME_DEFAULT_HOURS = 30 * 24;

/** The error code of an organisation route refused until the member sets up a second factor. */
export const MFA_SETUP_REQUIRED = 'MFA_SETUP_REQUIRED';
export const MFA_SETUP_MESSAGE = 'Your organisation requires two-step verification. Set it up to continue.';

export const ZSecuritySettingsRequest = z
  .object({
    require_two_factor: z.boolean({ error: 'Choose whether two-step verification is required' }),
    session_lifetime_hours: z
      .number({ error: 'Enter the session lifetime as a number of hours' })
      .int('Enter a whole number of hours')
      .min(SESSION_LIFETIME_MIN_HOURS, 'A session lasts at least 1 hour')
      .max(SESSION_LIFETIME_MAX_HOURS, 'A session lasts at most 30 days (720 hours)'),
  })
  .strict();
export type TSecuritySettingsRequest = z.infer<typeof ZSecuritySettingsRequest>;

export const ZSecuritySettings = z.object({
  require_two_factor: z.boolean(),
  session_lifetime_hours: z.number().int(),
  /** Members (not suspended) who have no second factor yet: they are asked to set one up. */
  members_without_two_factor: z.number().int(),
});
export type TSecuritySettings = z.infer<typeof ZSecuritySettings>;

export const ZMemberSession = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  member: z.string(),
  email: z.string(),
  /** 'Firefox on macOS', from the user agent; 'Unknown device' without one. */
  device: z.string(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type TMemberSession = z.infer<typeof ZMemberSession>;
export const ZMemberSessionsResponse = z.object({ sessions: z.array(ZMemberSession) });
export type TMemberSessionsResponse = z.infer<typeof ZMemberSessionsResponse>;

const page = z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page starts at 1').default(1);
const perPage = z.coerce
  .number({ error: 'Per page must be a number' })
  .int()
  .min(1, 'Per page must be at least 1')
  .max(100, 'Per page must be at most 100')
  .default(25);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date like 2026-01-31');

export const SIGN_IN_FAILURE_REASONS = ['wrong_password', 'wrong_second_factor', 'too_many_attempts'] as const;
export const SIGN_IN_REASON_LABELS: Record<string, string> = {
  wrong_password: 'Wrong password',
  wrong_second_factor: 'Wrong verification code',
  too_many_attempts: 'Too many attempts',
};

export const ZSignInHistoryQuery = z
  .object({ page, per_page: perPage, outcome: z.enum(['all', 'failed', 'succeeded']).default('all') })
  .strict();
export const ZSignInAttempt = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  member: z.string().nullable(),
  email: z.string(),
  succeeded: z.boolean(),
  reason: z.string().nullable(),
  device: z.string(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type TSignInAttempt = z.infer<typeof ZSignInAttempt>;
export const ZSignInHistoryResponse = z.object({
  attempts: z.array(ZSignInAttempt),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type TSignInHistoryResponse = z.infer<typeof ZSignInHistoryResponse>;

const auditFilterFields = {
  actor_id: z.coerce.number({ error: 'Choose a member from the list' }).int().positive().optional(),
  action: z.string().trim().max(100, 'Use at most 100 characters').optional(),
  entity: z.string().trim().max(100, 'Use at most 100 characters').optional(),
  from: day.optional(),
  to: day.optional(),
};
const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const DATES_MESSAGE = { message: 'The end date is before the start date', path: ['to'] };

/** Filters of the audit log (who, what, which entity, from and to days in UTC), for the list and its CSV. */
export const ZAuditFilter = z.object(auditFilterFields).strict().refine(datesInOrder, DATES_MESSAGE);
export type TAuditFilter = z.infer<typeof ZAuditFilter>;

export const ZAuditQuery = z
  .object({ ...auditFilterFields, page, per_page: perPage })
  .strict()
  .refine(datesInOrder, DATES_MESSAGE);
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  /** The actor's name; 'System' for checkout, webhooks and jobs. */
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditResponse = z.object({
  entries: z.array(ZAuditEntry),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** What the filters offer: the actions, entities and people found in this organisation's log. */
  actions: z.array(z.string()),
  entities: z.array(z.string()),
  actors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TAuditResponse = z.infer<typeof ZAuditResponse>;
