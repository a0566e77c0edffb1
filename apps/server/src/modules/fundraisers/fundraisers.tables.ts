import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';
import { peerTeams } from './peer-teams.tables.ts';

export const fundraiserStatuses = ['invited', 'joined'] as const;

/**
 * Someone invited to raise funds for a campaign (docs/product/campaigns.md#fundraisers): invited until they first
 * sign in after the invitation, then joined with their own peer campaign (a child of the campaign).
 */
export const fundraisers = pgTable(
  'fundraisers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text({ enum: ['fundraiser', 'leader'] }).notNull(),
    status: text({ enum: fundraiserStatuses }).notNull().default('invited'),
    /** Null for a visitor who asked to join from the campaign page. */
    invitedByUserId: bigint({ mode: 'number' }).references(() => users.id),
    peerCampaignId: bigint({ mode: 'number' }).references(() => campaigns.id),
    /** The team the invited person's page joins when they first sign in (a captain's invitation). */
    teamId: bigint({ mode: 'number' }).references(() => peerTeams.id),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fundraisers_campaign_user_uq').on(t.campaignId, t.userId),
    index('fundraisers_user_idx').on(t.userId, t.status),
    index('fundraisers_npo_idx').on(t.npoId, t.campaignId),
    index('fundraisers_team_idx').on(t.teamId).where(sql`${t.teamId} IS NOT NULL`),
  ],
);

/**
 * A visitor's request to fundraise for a campaign (the crowdfunding page's Become a Fundraiser):
 * nothing exists in the organisation until the person follows the e-mailed link, which works once
 * and expires (decision 023). The id is the SHA-256 of the link's token.
 */
export const fundraiserRequests = pgTable(
  'fundraiser_requests',
  {
    id: text().primaryKey(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The team the supporter asked to join, or the name of the team they start (docs/decisions/067-team-pages-and-joining-at-sign-up.md). */
    teamId: bigint({ mode: 'number' }).references(() => peerTeams.id),
    newTeamName: text(),
  },
  (t) => [index('fundraiser_requests_campaign_idx').on(t.campaignId)],
);
