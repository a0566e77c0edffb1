import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';

export const cardTestingScopes = ['address', 'card', 'campaign'] as const;
export type CardTestingScope = (typeof cardTestingScopes)[number];

/**
 * A run of declined card payments past one of the limits of decision 025: from one client address,
 * with one card, or on one campaign. While `challenge_until` is ahead, new intents of the gated
 * address or campaign need a solved proof-of-work. Staff are told once per burst.
 */
export const cardTestingBursts = pgTable(
  'card_testing_bursts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id, { onDelete: 'cascade' }),
    campaignId: bigint({ mode: 'number' }).references(() => campaigns.id, { onDelete: 'set null' }),
    scope: text({ enum: cardTestingScopes }).notNull(),
    /** Digest of what was counted (the address, the card fingerprint or the campaign). */
    subjectDigest: varchar({ length: 64 }).notNull(),
    /** Digest of what new intents are gated on: the address, or the campaign; null gates nothing. */
    gateDigest: varchar({ length: 64 }),
    /** What staff read: the client address, the card's last digits, or "many addresses". */
    source: text().notNull(),
    declines: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastDeclineAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    challengeUntil: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // The intent's check: one indexed read of the gates still on.
    index('card_testing_bursts_gate_idx').on(t.gateDigest, t.challengeUntil),
    index('card_testing_bursts_subject_idx').on(t.subjectDigest, t.challengeUntil),
    index('card_testing_bursts_npo_idx').on(t.npoId, t.lastDeclineAt),
  ],
);

/** Proof-of-work solutions already spent, kept until their challenge expires: each counts once. */
export const cardTestingSolutions = pgTable('card_testing_solutions', {
  digest: varchar({ length: 64 }).primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Provider events already counted as declines, kept as long as the provider may redeliver them:
 * a redelivered event counts once.
 */
export const cardTestingCountedEvents = pgTable('card_testing_counted_events', {
  /** Digest of the provider and its event id. */
  digest: varchar({ length: 64 }).primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
