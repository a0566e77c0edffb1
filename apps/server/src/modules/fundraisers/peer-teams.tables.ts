import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A fundraising team of one campaign (docs/decisions/051-peer-teams-and-milestones.md): its captain
 * edits it, fundraiser pages join it through `peer_pages.team_id`. `team_url` follows the campaign
 * address rules and is unique across the installation, like a page's.
 */
export const peerTeams = pgTable(
  'peer_teams',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    name: text().notNull(),
    teamUrl: text().notNull().unique(),
    captainUserId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    story: text().notNull().default(''),
    imageUrl: text(),
    goalMinor: bigint({ mode: 'number' }),
    /** Pending while staff have not approved it (campaigns that ask for approval); only live teams are public. */
    state: text({ enum: ['pending', 'live'] })
      .notNull()
      .default('live'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('peer_teams_campaign_idx').on(t.campaignId),
    check('peer_teams_state_check', sql`${t.state} IN ('pending', 'live')`),
  ],
);

export const PEER_MILESTONES = ['first_gift', '25', '50', '75', '100'] as const;
export type PeerMilestone = (typeof PEER_MILESTONES)[number];

/** A milestone a page reached and its fundraiser was told about: one row, so one e-mail, each. */
export const peerMilestones = pgTable(
  'peer_milestones',
  {
    peerCampaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    milestone: text({ enum: PEER_MILESTONES }).notNull(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    reachedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'peer_milestones_pk', columns: [t.peerCampaignId, t.milestone] }),
    check('peer_milestones_milestone_check', sql`${t.milestone} IN ('first_gift', '25', '50', '75', '100')`),
  ],
);

/**
 * Each fundraiser page's succeeded gifts (base amounts) per parent campaign, kept by a trigger on
 * donations (sql/donations_refresh_peer_page_totals.sql), so a leaderboard reads its top pages in
 * index order (docs/decisions/059-maintained-peer-page-totals.md).
 */
export const peerPageTotals = pgTable(
  'peer_page_totals',
  {
    campaignId: bigint({ mode: 'number' }).notNull(),
    peerCampaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    raisedMinor: bigint({ mode: 'number' }).notNull().default(0),
    gifts: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'peer_page_totals_pk', columns: [t.campaignId, t.peerCampaignId] }),
    index('peer_page_totals_board_idx')
      .on(t.campaignId, t.raisedMinor.desc(), t.peerCampaignId)
      .where(sql`${t.gifts} > 0`),
  ],
);
