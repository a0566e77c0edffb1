import type { TShippingAddress } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { donations } from '../donations/donations.tables.ts';
import { npos } from '../organisations/organisations.tables.ts';
import { crowdfundingPledges } from './crowdfunding-pledges.tables.ts';

// Crowdfunding (docs/decisions/048-crowdfunding.md). A crowdfunding campaign is a campaign of type
// 'crowdfunding'; these tables hold what only its page has. Rewards are counted on a counter column
// (crowdfunding_rewards.taken) that a conditional UPDATE raises only while units are left, as event
// seats are (decision 045): the row lock orders parallel backers, so the last unit is claimed once.

export const crowdfundingCampaigns = pgTable(
  'crowdfunding_campaigns',
  {
    campaignId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    fundingModel: text().notNull().default('keep_what_you_raise'),
    /** When pledging closes; null falls back to the campaign's end date. */
    deadline: timestamp({ withTimezone: true }),
    /** All or nothing: the deadline's outcome, decided once (docs/decisions/065-all-or-nothing-settlement.md). */
    settlement: text(),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crowdfunding_campaigns_npo_idx').on(t.npoId),
    check(
      'crowdfunding_campaigns_funding_model_ck',
      sql`${t.fundingModel} IN ('keep_what_you_raise', 'all_or_nothing')`,
    ),
    check('crowdfunding_campaigns_settlement_ck', sql`${t.settlement} IS NULL OR ${t.settlement} IN ('met', 'missed')`),
  ],
);

/** The page's gallery, in order; the story's IMAGE1 is position 0. */
export const crowdfundingImages = pgTable(
  'crowdfunding_images',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    url: text().notNull(),
    alt: text().notNull().default(''),
    width: integer(),
    height: integer(),
  },
  (t) => [index('crowdfunding_images_campaign_idx').on(t.campaignId, t.position)],
);

export const crowdfundingRewards = pgTable(
  'crowdfunding_rewards',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    /** The smallest gift that brings the reward, in the campaign's currency. */
    amountMinor: bigint({ mode: 'number' }).notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    imageUrl: text().notNull().default(''),
    deliveryDate: date(),
    /** null: no limit. */
    quantity: integer(),
    /** Units held for a backer who is paying, or claimed. */
    taken: integer().notNull().default(0),
    /** The backer's address is collected. */
    shippingRequired: boolean().notNull().default(false),
    fairMarketValueMinor: bigint({ mode: 'number' }).notNull().default(0),
    archived: boolean().notNull().default(false),
  },
  (t) => [
    index('crowdfunding_rewards_campaign_idx').on(t.campaignId, t.position),
    check('crowdfunding_rewards_amount_ck', sql`${t.amountMinor} > 0 AND ${t.fairMarketValueMinor} >= 0`),
    check(
      'crowdfunding_rewards_taken_ck',
      sql`${t.taken} >= 0 AND (${t.quantity} IS NULL OR ${t.taken} <= ${t.quantity})`,
    ),
  ],
);

/**
 * The resized WebP widths made from an uploaded gallery image (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md), keyed by the
 * original's URL: `<original without extension>-w<width>.webp` exists for each width.
 */
export const crowdfundingImageVariants = pgTable('crowdfunding_image_variants', {
  url: text().primaryKey(),
  npoId: bigint({ mode: 'number' })
    .notNull()
    .references(() => npos.id),
  widths: integer().array().notNull(),
  /** The original's size, for the page's width and height attributes once the editor saves the gallery. */
  width: integer(),
  height: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A reward held for a backer (status 'held', until hold_until), then claimed by the donation that paid it. */
export const crowdfundingRewardClaims = pgTable(
  'crowdfunding_reward_claims',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    rewardId: bigint({ mode: 'number' })
      .notNull()
      .references(() => crowdfundingRewards.id, { onDelete: 'cascade' }),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    /** The backer's unguessable handle on their claim. */
    reference: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    status: text().notNull().default('held'),
    holdUntil: timestamp({ withTimezone: true }).notNull(),
    donationId: bigint({ mode: 'number' }).references(() => donations.id, { onDelete: 'set null' }),
    /** The all-or-nothing pledge that chose this reward (docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md); its donation once charged. */
    pledgeId: bigint({ mode: 'number' }).references(() => crowdfundingPledges.id, { onDelete: 'cascade' }),
    fulfilled: boolean().notNull().default(false),
    fulfilledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp({ withTimezone: true }),
    /** Where a reward that ships goes, given before paying (docs/product/crowdfunding.md#rewards). */
    shippingAddress: jsonb().$type<TShippingAddress>(),
  },
  (t) => [
    uniqueIndex('crowdfunding_reward_claims_reference_uq').on(t.reference),
    uniqueIndex('crowdfunding_reward_claims_donation_uq').on(t.donationId),
    uniqueIndex('crowdfunding_reward_claims_pledge_uq').on(t.pledgeId),
    index('crowdfunding_reward_claims_reward_idx').on(t.rewardId, t.status),
    check('crowdfunding_reward_claims_status_ck', sql`${t.status} IN ('held', 'claimed', 'expired')`),
  ],
);

/** News for backers; shown on the page once published, newest first. emailed_at: the later e-mail slice. */
export const crowdfundingUpdates = pgTable(
  'crowdfunding_updates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    bodyHtml: text().notNull().default(''),
    publishedAt: timestamp({ withTimezone: true }),
    emailedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crowdfunding_updates_campaign_idx').on(t.campaignId, t.publishedAt)],
);

/** One row per backer e-mailed an update, written with the e-mail: a rerun of the publish job skips them. */
export const crowdfundingUpdateEmails = pgTable(
  'crowdfunding_update_emails',
  {
    updateId: bigint({ mode: 'number' })
      .notNull()
      .references(() => crowdfundingUpdates.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    /** The unsubscribe link's handle. */
    token: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'crowdfunding_update_emails_pk', columns: [t.updateId, t.email] }),
    uniqueIndex('crowdfunding_update_emails_token_uq').on(t.token),
  ],
);

/** Backers who asked, through an update e-mail's link, for no more of this campaign's updates. */
export const crowdfundingUpdateOptouts = pgTable(
  'crowdfunding_update_optouts',
  {
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'crowdfunding_update_optouts_pk', columns: [t.campaignId, t.email] })],
);
