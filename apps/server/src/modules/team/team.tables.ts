import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { npos } from '../organisations/index.ts';
import { users } from '../users/index.ts';

/** An invitation to join an organisation's team (docs/product/team.md#invitations). */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    email: text().notNull(),
    roleCode: integer().notNull(),
    /** SHA-256 of the link's token: the database never holds the value an e-mail carries. */
    tokenDigest: text().notNull().unique(),
    invitedByUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_invitations_npo_idx').on(t.npoId)],
);
