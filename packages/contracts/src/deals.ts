import { z } from 'zod';
import { ZCurrencyCode } from './currencies.ts';
import { profileText as text } from './donors.ts';
import { MAX_AMOUNT_MINOR } from './money-rules.ts';

/**
 * The major-gift pipeline (docs/product/crm.md#deals): opportunities with a contact, an amount, an
 * expected date and a stage of the organisation's own list, shown as a kanban and a table, with
 * weighted pipeline figures by month and by owner.
 */

/** The list an organisation starts with; `won` and `lost` close a deal and always exist. */
export const DEFAULT_DEAL_STAGES = [
  { key: 'identified', label: 'Identified', probability: 10 },
  { key: 'qualified', label: 'Qualified', probability: 20 },
  { key: 'cultivation', label: 'Cultivation', probability: 40 },
  { key: 'solicitation', label: 'Solicitation', probability: 60 },
  { key: 'pledged', label: 'Pledged', probability: 90 },
  { key: 'won', label: 'Won', probability: 100 },
  { key: 'lost', label: 'Lost', probability: 0 },
] as const;
export const CLOSED_DEAL_STAGES = ['won', 'lost'] as const;

export const DEAL_MESSAGES = {
  notFound: 'Deal not found.',
  contactNotFound: 'Choose a contact of your organisation.',
  stage: 'Choose one of your pipeline’s stages.',
  owner: 'Choose a member of your team.',
  title: 'Give the deal a name.',
  amount: 'Enter an amount greater than zero.',
  amountTooLarge: 'The amount is too large.',
  probability: 'Use a probability from 0 to 100.',
  giftNotFound: 'Gift not found.',
  giftOtherContact: 'This gift is from another contact: link the gifts of the deal’s contact.',
  giftCurrency: 'This gift is in another currency than the deal.',
  giftNotReceived: 'Only a received gift can fulfil a deal.',
  giftTaken: 'This gift already fulfils another deal.',
  giftNotPledged: 'Move the deal to Pledged or Won before linking the gifts that fulfil it.',
  stagesClosed: 'Keep the Won and Lost stages: they close a deal.',
  stageKey: 'Use lower-case letters, digits and underscores for a stage key.',
  stageDuplicate: 'Each stage appears once.',
  stageInUse: 'Move the deals out of a stage before removing it.',
} as const;

const ZStageKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, DEAL_MESSAGES.stageKey);
const ZProbability = z
  .number({ error: DEAL_MESSAGES.probability })
  .int(DEAL_MESSAGES.probability)
  .min(0, DEAL_MESSAGES.probability)
  .max(100, DEAL_MESSAGES.probability);
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');
const ZDealAmount = z
  .number({ error: DEAL_MESSAGES.amount })
  .int('Amounts are whole numbers of minor units')
  .min(1, DEAL_MESSAGES.amount)
  .max(MAX_AMOUNT_MINOR, DEAL_MESSAGES.amountTooLarge);

export const ZDealStage = z.object({
  key: ZStageKey,
  label: text(60).min(1, 'Name the stage.'),
  probability: ZProbability,
});
export type TDealStage = z.infer<typeof ZDealStage>;
/** The pipeline's stages, the staff who may own a deal or a task, and the organisation's currency. */
export const ZDealOptions = z.object({
  stages: z.array(ZDealStage),
  team: z.array(z.object({ id: z.number().int(), name: z.string() })),
  currency: z.string(),
});
export type TDealOptions = z.infer<typeof ZDealOptions>;
export const ZDealStagesInput = z.object({ stages: z.array(ZDealStage).min(2).max(20) });

export const ZDealInput = z.object({
  title: text(200).min(1, DEAL_MESSAGES.title),
  contact_id: z.number().int().positive(),
  amount_minor: ZDealAmount,
  /** The organisation's currency when left out. */
  currency: ZCurrencyCode.optional(),
  expected_on: ZDay.nullable().default(null),
  stage: ZStageKey.default('identified'),
  /** null: the stage's probability. */
  probability: ZProbability.nullable().default(null),
  owner_user_id: z.number().int().positive().nullable().default(null),
  next_step: text(500).default(''),
});
export type TDealInput = z.input<typeof ZDealInput>;

/** A move on the kanban: the stage, and the deal it now sits before in that column (null: last). */
export const ZDealMove = z.object({
  stage: ZStageKey,
  before_id: z.number().int().positive().nullable().default(null),
});
export type TDealMove = z.input<typeof ZDealMove>;

const ZNamed = z.object({ id: z.number().int(), name: z.string() });

export const ZDealGift = z.object({
  donation_id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  received_at: z.string(),
  linked: z.boolean(),
});
export type TDealGift = z.infer<typeof ZDealGift>;

export const ZDeal = z.object({
  id: z.number().int(),
  title: z.string(),
  contact: ZNamed,
  amount_minor: z.number().int(),
  currency: z.string(),
  expected_on: z.string().nullable(),
  stage: z.string(),
  /** The deal's own probability, else its stage's. */
  probability: z.number().int(),
  probability_overridden: z.boolean(),
  weighted_minor: z.number().int(),
  owner: ZNamed.nullable(),
  next_step: z.string(),
  /** What the linked gifts add up to (pledged against received). */
  received_minor: z.number().int(),
  updated_at: z.string(),
});
export type TDeal = z.infer<typeof ZDeal>;

export const ZDealRecord = ZDeal.extend({ gifts: z.array(ZDealGift) });
export type TDealRecord = z.infer<typeof ZDealRecord>;

export const ZDealBoardColumn = ZDealStage.extend({
  count: z.number().int(),
  total_minor: z.number().int(),
  deals: z.array(ZDeal),
});
export const ZDealBoard = z.object({ columns: z.array(ZDealBoardColumn), currency: z.string() });
export type TDealBoard = z.infer<typeof ZDealBoard>;

export const ZDealListQuery = z.object({
  stage: ZStageKey.optional(),
  owner: z.coerce.number().int().positive().optional(),
  contact_id: z.coerce.number().int().positive().optional(),
});
export const ZDealList = z.object({ deals: z.array(ZDeal) });
export type TDealList = z.infer<typeof ZDealList>;

const ZPipelineRow = z.object({
  currency: z.string(),
  amount_minor: z.number().int(),
  weighted_minor: z.number().int(),
  count: z.number().int(),
});
/** Open deals (not won or lost), their amounts weighted by probability. */
export const ZPipelineFigures = z.object({
  by_month: z.array(ZPipelineRow.extend({ month: z.string().nullable() })),
  by_owner: z.array(ZPipelineRow.extend({ owner: ZNamed.nullable() })),
  total: z.array(ZPipelineRow),
});
export type TPipelineFigures = z.infer<typeof ZPipelineFigures>;

export const ZDealGiftInput = z.object({ donation_id: z.number().int().positive() });
