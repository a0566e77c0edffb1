import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

/** What staff decided about a fundraiser's page (docs/decisions/044-peer-to-peer-pages.md). */
export const peerPageStates = ['pending', 'live', 'hidden', 'removed'] as const;
export type PeerPageState = (typeof peerPageStates)[number];

/**
 * A fundraiser's page beside its child campaign: a page without a row is live and not featured.
 * The campaign's status follows the state (live: active, pending and hidden: draft, removed: ended),
 * so every public read keeps its one rule. `team_id` is where teams attach.
 */
export const peerPages = pgTable(
  'peer_pages',
  {
    campaignId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => campaigns.id),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    state: text({ enum: peerPageStates }).notNull().default('live'),
    featured: boolean().notNull().default(false),
    teamId: bigint({ mode: 'number' }),
    /** A fundraiser's page, or a team's own page (one per team) whose gifts credit the team alone (docs/decisions/067-team-pages-and-joining-at-sign-up.md). */
    kind: text({ enum: ['fundraiser', 'team'] })
      .notNull()
      .default('fundraiser'),
    /** When the fundraiser first used the share panel (the checklist's first share). */
    firstSharedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('peer_pages_npo_idx').on(t.npoId),
    check('peer_pages_kind_check', sql`${t.kind} IN ('fundraiser', 'team')`),
    uniqueIndex('peer_pages_team_page_idx').on(t.teamId).where(sql`${t.kind} = 'team'`),
  ],
);

/** A campaign's peer-to-peer settings; a campaign without a row takes the defaults. */
export const peerSettings = pgTable('peer_settings', {
  campaignId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => campaigns.id),
  npoId: bigint({ mode: 'number' })
    .notNull()
    .references(() => npos.id),
  selfRegistration: boolean().notNull().default(true),
  approvalRequired: boolean().notNull().default(false),
  defaultGoalMinor: bigint({ mode: 'number' }),
  defaultStory: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A gift through a fundraiser's page that its fundraiser has thanked (by e-mail or marked by hand). */
export const peerThanks = pgTable(
  'peer_thanks',
  {
    donationId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => donations.id),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    peerCampaignId: bigint({ mode: 'number' }).notNull(),
    thankedByUserId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    emailed: boolean().notNull().default(false),
    thankedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('peer_thanks_peer_idx').on(t.peerCampaignId)],
);
