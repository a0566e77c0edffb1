// The console's announcements and security screen (docs/product/console.md#consolenotifications,
// docs/product/console.md#consolesecurity).
import { z } from 'zod';
import { ZConsoleReason } from './console.ts';

export const ANNOUNCEMENT_AUDIENCES = ['all', 'chosen'] as const;
export const ANNOUNCEMENT_MAX_ORGANISATIONS = 500;

export const ZConsoleAnnouncementRequest = ZConsoleReason.extend({
  title: z
    .string({ error: 'Give the announcement a title.' })
    .trim()
    .min(3, 'Give the announcement a title.')
    .max(120, 'Keep the title under 120 characters.'),
  message: z
    .string({ error: 'Write the announcement.' })
    .trim()
    .min(3, 'Write the announcement.')
    .max(2000, 'Keep the announcement under 2,000 characters.'),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Choose every organisation or a chosen set.' }),
  /** With `chosen`: the organisations whose staff receive it. */
  npo_ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .max(ANNOUNCEMENT_MAX_ORGANISATIONS, `Choose at most ${ANNOUNCEMENT_MAX_ORGANISATIONS} organisations.`)
    .default([]),
})
  .strict()
  .refine((v) => v.audience === 'all' || v.npo_ids.length > 0, {
    error: 'Choose at least one organisation.',
    path: ['npo_ids'],
  });
export type TConsoleAnnouncementRequest = z.input<typeof ZConsoleAnnouncementRequest>;

export const ZConsoleAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** The organisations it went to. */
  organisations: z.number().int(),
  /** Staff members who got the notification. */
  recipients: z.number().int(),
  emails_sent: z.number().int(),
  sent_by: z.string().nullable(),
  created_at: z.string(),
});
export type TConsoleAnnouncement = z.infer<typeof ZConsoleAnnouncement>;

export const ZConsoleAnnouncementList = z.object({ announcements: z.array(ZConsoleAnnouncement) });
export type TConsoleAnnouncementList = z.infer<typeof ZConsoleAnnouncementList>;

/** /console/security: the last 7 days across the platform. */
export const ZConsoleSecurity = z.object({
  failed_sign_ins: z.object({
    /** Per UTC day, the last 7, oldest first. */
    by_day: z.array(z.object({ day: z.string(), failed: z.number().int() })),
    /** The most recent 50. */
    recent: z.array(
      z.object({
        email: z.string(),
        reason: z.string().nullable(),
        ip: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  rate_limit_hits: z.array(
    z.object({ limiter: z.string(), hits: z.number().int(), sources: z.number().int(), last_at: z.string() }),
  ),
  card_testing_bursts: z.array(
    z.object({
      id: z.number().int(),
      npo_id: z.number().int(),
      organisation: z.string(),
      scope: z.string(),
      declines: z.number().int(),
      created_at: z.string(),
    }),
  ),
  locked_accounts: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), locked_at: z.string() }),
  ),
  /** The console's own actions, newest first (50). */
  console_actions: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      operator: z.string().nullable(),
      organisation: z.string().nullable(),
      reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type TConsoleSecurity = z.infer<typeof ZConsoleSecurity>;
