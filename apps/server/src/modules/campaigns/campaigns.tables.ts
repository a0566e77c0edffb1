import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { npos } from '../organisations/organisations.tables.ts';
import { users } from '../users/users.tables.ts';

export const campaignStatuses = ['draft', 'active', 'ended'] as const;
export const campaignTypes = ['donation', 'membership', 'team', 'crowdfunding'] as const;
/**
 * Giving intervals in docs/product/donation-form.md#step-1-amount; 'once' is the form's Once-off ('one_time' on the
 * wire).
 */
export const givingIntervals = ['once', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export const answerTypes = ['dropdown', 'Radio', 'Checkbox', 'Text'] as const;

/** A campaign and its donation form's configuration (docs/product/campaigns.md#form-settings). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    name: text().notNull(),
    campaignUrl: varchar({ length: 120 }).notNull().unique(),
    status: text({ enum: campaignStatuses }).notNull().default('draft'),
    goalMinor: bigint({ mode: 'number' }),
    /** The form's default currency; always one of `currencies`. */
    currency: varchar({ length: 3 }).notNull().default('USD'),
    currencies: text().array().notNull().default(sql`'{USD}'::text[]`),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    campaignType: text({ enum: campaignTypes }).notNull().default('donation'),
    description: text().notNull().default(''),
    callToAction: text().notNull().default(''),
    imageUrl: text(),
    userAmountEnable: boolean().notNull().default(true),
    includePaymentFees: boolean().notNull().default(false),
    giftAid: boolean().notNull().default(false),
    collectAddress: boolean().notNull().default(false),
    designationLabel: text().notNull().default(''),
    thankYouMessage: text().notNull().default(''),
    thankYouUrl: text().notNull().default(''),
    teamFundraising: boolean().notNull().default(false),
    /** Form styling (docs/product/campaigns.md#form-settings); the web app turns it into CSS variables. */
    campaignSettings: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    customCss: text().notNull().default(''),
    /** The campaign's own payment methods; null follows the organisation's (docs/product/payments.md#payment-methods). */
    donationMethods: text().array(),
    /** Set on a peer (fundraiser) campaign: the campaign it raises for, and the fundraiser who owns it. */
    parentCampaignId: bigint({ mode: 'number' }).references((): AnyPgColumn => campaigns.id),
    ownerUserId: bigint({ mode: 'number' }).references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // faults15: the campaign's largest gift in its default currency (decision 035); null: the providers' limit.
    maxAmountMinor: bigint({ mode: 'number' }),
    // Custom JS: set by organisation admins only, run by the public page after the form (decision 036).
    customJs: text().notNull().default(''),
    // p2p16: a fundraiser's video link on their page (docs/decisions/044-peer-to-peer-pages.md).
    videoUrl: text(),
  },
  (t) => [index('campaigns_npo_idx').on(t.npoId, t.status), index('campaigns_parent_idx').on(t.parentCampaignId)],
);

/** Preset amounts of a campaign's form, per interval; replaced as a whole when the campaign is saved. */
export const campaignAmounts = pgTable(
  'campaign_amounts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    interval: text({ enum: givingIntervals }).notNull().default('once'),
    description: text().notNull().default(''),
    imageUrl: text(),
    position: integer().notNull().default(0),
  },
  (t) => [index('campaign_amounts_campaign_idx').on(t.campaignId, t.position)],
);

/** The form's custom questions; donations keep a copy of question and answer, so edits never rewrite history. */
export const campaignQuestions = pgTable(
  'campaign_questions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    answerType: text({ enum: answerTypes }).notNull().default('Text'),
    options: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    responseRequired: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [index('campaign_questions_campaign_idx').on(t.campaignId, t.position)],
);

/** Funds a donor may direct a gift to; donations keep the name they chose. */
export const campaignDesignations = pgTable(
  'campaign_designations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    npoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => npos.id),
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    position: integer().notNull().default(0),
  },
  (t) => [index('campaign_designations_campaign_idx').on(t.campaignId, t.position)],
);
