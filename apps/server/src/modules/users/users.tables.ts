import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { storedFiles } from '../../platform/files/files.tables.ts';

export const users = pgTable(
  'users',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    passwordHash: text(),
    /** A provider's picture (Google), kept as it came; an uploaded photo (photoKey) is shown instead. */
    avatarUrl: text(),
    /** The photo uploaded on /profile: a stored file, served at /uploads/<key>. */
    photoKey: text().references(() => storedFiles.key, { onDelete: 'set null' }),
    googleSub: text().unique(),
    stripeUserId: text().unique(),
    /** AES-256-GCM sealed TOTP secret: it must be recoverable, so it is encrypted, not hashed. */
    otpSecret: text(),
    otpPendingSecret: text(),
    otpEnabled: boolean().notNull().default(false),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    otpConsumedStep: bigint({ mode: 'number' }),
    backupCodesIssuedAt: timestamp({ withTimezone: true }),
    failedAttempts: integer().notNull().default(0),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // console24: an account locked by the platform operator cannot sign in (decision 046).
    lockedAt: timestamp({ withTimezone: true }),
    /** Null until the owner opens the e-mailed link; only self-service sign-up starts unverified (decision 078). */
    emailVerifiedAt: timestamp({ withTimezone: true }).defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`)],
);

export const backupCodes = pgTable(
  'backup_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code with the server secret: codes are high-entropy, so an indexed lookup is safe. */
    codeDigest: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a stolen database gives no usable session. */
    id: text().primaryKey(),
    /** What the security page names a session by: the id is a secret's digest and stays inside. */
    publicId: bigint({ mode: 'number' }).notNull().unique().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    selectedNpoId: bigint({ mode: 'number' }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The short-lived step between a first factor and the second one (`temp_session_id`). */
export const authChallenges = pgTable('auth_challenges', {
  id: text().primaryKey(),
  userId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer().notNull().default(0),
  context: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: text().primaryKey(),
  userId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use e-mail verification links: `id` is the SHA-256 of the e-mailed token, like password resets. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);
