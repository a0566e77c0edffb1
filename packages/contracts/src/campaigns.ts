import { z } from 'zod';
import { ZCampaignSettings, ZCustomCss } from './campaign-settings.ts';
import { ZCampaignUrl } from './campaign-url.ts';
import { ZCurrencyCode } from './currencies.ts';
import { INTERVAL_LABELS, ZGivingInterval } from './intervals.ts';
import { ZMinorAmount, ZPositiveMinorAmount } from './money.ts';

/**
 * A campaign as the staff editor writes it (docs/product/campaigns.md#campaigns). The
 * editor sends the whole campaign on create and on save; amounts, questions and designations are
 * replaced as lists (an item with an id keeps it). Unknown keys are dropped, so the editor may send
 * back what it read.
 */

export const CAMPAIGN_STATUSES = ['draft', 'active', 'ended'] as const;
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES, { error: 'Choose draft, active or ended' });
export type TCampaignStatus = z.infer<typeof ZCampaignStatus>;

export const CAMPAIGN_TYPES = ['donation', 'membership', 'team', 'crowdfunding'] as const;
export const ZCampaignType = z.enum(CAMPAIGN_TYPES, { error: 'Choose a campaign type' });
export type TCampaignType = z.infer<typeof ZCampaignType>;

export const ANSWER_TYPES = ['dropdown', 'Radio', 'Checkbox', 'Text'] as const;
export const ZAnswerType = z.enum(ANSWER_TYPES, { error: 'Choose dropdown, Radio, Checkbox or Text' });
export type TAnswerType = z.infer<typeof ZAnswerType>;
/** The answer types that offer a fixed list of options. */
export const CHOICE_ANSWER_TYPES: readonly TAnswerType[] = ['dropdown', 'Radio', 'Checkbox'];

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Enter a campaign name',
  amountOrUserAmount: 'An active campaign needs at least one amount or user amounts enabled',
  endsAfterStarts: 'The end date must be after the start date',
  duplicatePreset: (interval: string) => `This amount is already a ${interval} preset`,
  optionsRequired: 'Add at least one option for a dropdown, Radio or Checkbox question',
  duplicateOption: 'Each option must be different',
  defaultCurrencyListed: 'The default currency must be one of the campaign currencies',
  currenciesRequired: 'Choose at least one currency',
  questionRequired: 'Enter the question',
  designationNameRequired: 'Enter a name for the designation',
  imageUrl: 'Use an uploaded image or an https:// address',
  thankYouUrl: 'Use an address that starts with https:// or http://',
} as const;

const id = z.number().int().positive();

/** Uploaded images are served from our own host (/uploads/...); external ones need http(s). */
export const ZImageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((url) => /^\/(?!\/)\S*$/.test(url) || /^https?:\/\/\S+$/i.test(url), { message: CAMPAIGN_MESSAGES.imageUrl });

const ZIsoDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'Use a date like 2026-03-01 or a date and time',
});

/** Options as an array, a JSON array string or a comma-separated string (docs/product/campaigns.md#campaigns). */
function readOptions(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return text === '' ? [] : text.split(',');
}

export const ZQuestionOptions = z.preprocess(
  readOptions,
  z
    .array(z.string().trim().max(200, 'Options can be at most 200 characters'))
    .max(50, 'Use at most 50 options')
    .transform((options) => options.filter((o) => o !== '')),
);

/** A preset amount tile (`amt`, in minor units of the campaign's default currency). */
export const ZCampaignAmountInput = z.object({
  id: id.optional(),
  amount_minor: ZPositiveMinorAmount,
  interval: ZGivingInterval.default('once'),
  description: z.string().trim().max(500, 'Descriptions can be at most 500 characters').default(''),
  image_url: ZImageUrl.nullable().default(null),
});
export type TCampaignAmountInput = z.input<typeof ZCampaignAmountInput>;

export const ZCampaignQuestionInput = z.preprocess(
  // Older data calls the flag `required`.
  (value) =>
    value && typeof value === 'object' && !('response_required' in value) && 'required' in value
      ? { ...value, response_required: (value as { required: unknown }).required }
      : value,
  z.object({
    id: id.optional(),
    content: z.string().trim().min(1, CAMPAIGN_MESSAGES.questionRequired).max(500),
    answer_type: ZAnswerType.default('Text'),
    options: ZQuestionOptions.default([]),
    response_required: z.boolean().default(false),
  }),
);

export const ZDesignationInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, CAMPAIGN_MESSAGES.designationNameRequired).max(120),
  description: z.string().trim().max(500).default(''),
});

/** Currencies as codes, or as objects with value/code and label/name (docs/product/campaigns.md#campaigns). */
const readCurrency = (value: unknown): unknown =>
  value && typeof value === 'object'
    ? ((value as { code?: unknown; value?: unknown }).code ?? (value as { value?: unknown }).value)
    : value;

export const ZCampaignCurrencies = z
  .array(z.preprocess(readCurrency, ZCurrencyCode))
  .min(1, CAMPAIGN_MESSAGES.currenciesRequired)
  .max(40, 'Offer at most 40 currencies')
  .transform((codes) => [...new Set(codes)]);

/** The fields of a campaign, without the rules that compare fields (see ZCampaignInput). */
export const ZCampaignFields = z.object({
  name: z.string({ error: CAMPAIGN_MESSAGES.nameRequired }).trim().min(1, CAMPAIGN_MESSAGES.nameRequired).max(150),
  campaign_url: ZCampaignUrl,
  status: ZCampaignStatus.default('draft'),
  campaign_type: ZCampaignType.default('donation'),
  /** In the organisation's base currency, like the raised total it is compared with. */
  goal_minor: ZPositiveMinorAmount.nullable().default(null),
  starts_at: ZIsoDateTime.nullable().default(null),
  ends_at: ZIsoDateTime.nullable().default(null),
  currency: ZCurrencyCode.default('USD'),
  currencies: ZCampaignCurrencies.default(['USD']),
  amounts: z.array(ZCampaignAmountInput).max(60, 'Use at most 60 preset amounts').default([]),
  user_amount_enable: z.boolean().default(true),
  include_payment_fees: z.boolean().default(false),
  gift_aid: z.boolean().default(false),
  collect_address: z.boolean().default(false),
  designations: z.array(ZDesignationInput).max(50, 'Use at most 50 designations').default([]),
  designation_label: z.string().trim().max(100).default(''),
  questions: z.array(ZCampaignQuestionInput).max(30, 'Use at most 30 questions').default([]),
  thank_you_message: z.string().trim().max(5000).default(''),
  thank_you_url: z
    .string()
    .trim()
    .max(2048)
    .refine((url) => url === '' || /^https?:\/\/\S+$/i.test(url), { message: CAMPAIGN_MESSAGES.thankYouUrl })
    .default(''),
  call_to_action: z.string().trim().max(300).default(''),
  /** HTML; the server sanitises it before storing. */
  description: z.string().max(100_000).default(''),
  image_url: ZImageUrl.nullable().default(null),
  team_fundraising: z.boolean().default(false),
  campaign_settings: ZCampaignSettings.default({}),
  custom_css: ZCustomCss.default(''),
  /** Set for a peer (fundraiser) campaign: the campaign it raises for. */
  parent_campaign_id: id.nullable().default(null),
  // faults15: the campaign's largest gift, in its default currency (decision 035); null: the providers' limit.
  max_amount_minor: ZPositiveMinorAmount.nullable().default(null),
});

type TFields = z.output<typeof ZCampaignFields>;
type TIssue = { path: (string | number)[]; message: string };

function presetIssues(c: TFields): TIssue[] {
  const issues: TIssue[] = [];
  const seen = new Set<string>();
  c.amounts.forEach((amount, i) => {
    const key = `${amount.interval}:${amount.amount_minor}`;
    if (seen.has(key)) {
      const label = INTERVAL_LABELS[amount.interval].toLowerCase();
      issues.push({ path: ['amounts', i, 'amount_minor'], message: CAMPAIGN_MESSAGES.duplicatePreset(label) });
    }
    seen.add(key);
  });
  return issues;
}

/** The question rules: a choice question needs distinct options. Events ask their attendees the same kinds. */
export function questionIssues(c: Pick<TFields, 'questions'>): TIssue[] {
  const issues: TIssue[] = [];
  c.questions.forEach((q, i) => {
    if (!CHOICE_ANSWER_TYPES.includes(q.answer_type)) return;
    if (q.options.length === 0)
      issues.push({ path: ['questions', i, 'options'], message: CAMPAIGN_MESSAGES.optionsRequired });
    else if (new Set(q.options).size !== q.options.length) {
      issues.push({ path: ['questions', i, 'options'], message: CAMPAIGN_MESSAGES.duplicateOption });
    }
  });
  return issues;
}

/** Rules that compare fields, each reported on the field the editor should fix. */
export function campaignIssues(c: TFields): TIssue[] {
  const issues: TIssue[] = [];
  if (c.status === 'active' && c.amounts.length === 0 && !c.user_amount_enable) {
    issues.push({ path: ['amounts'], message: CAMPAIGN_MESSAGES.amountOrUserAmount });
  }
  if (c.starts_at && c.ends_at && Date.parse(c.ends_at) <= Date.parse(c.starts_at)) {
    issues.push({ path: ['ends_at'], message: CAMPAIGN_MESSAGES.endsAfterStarts });
  }
  if (c.currencies.length > 0 && !c.currencies.includes(c.currency)) {
    issues.push({ path: ['currency'], message: CAMPAIGN_MESSAGES.defaultCurrencyListed });
  }
  return [...issues, ...presetIssues(c), ...questionIssues(c)];
}

/** POST /npo_admin/campaigns and PUT /npo_admin/campaigns/{id}: the whole campaign. */
export const ZCampaignInput = ZCampaignFields.superRefine((campaign, ctx) => {
  for (const issue of campaignIssues(campaign)) ctx.addIssue({ code: 'custom', ...issue });
});
export type TCampaignInput = z.input<typeof ZCampaignInput>;
export type TCampaignValues = z.output<typeof ZCampaignInput>;

const ZReadAmount = ZCampaignAmountInput.extend({ id, image_url: z.string().nullable() });
const ZReadQuestion = z.object({
  id,
  content: z.string(),
  answer_type: ZAnswerType,
  options: z.array(z.string()),
  response_required: z.boolean(),
});
const ZReadDesignation = z.object({ id, name: z.string(), description: z.string() });

export const ZCampaignAmount = ZReadAmount;
export type TCampaignAmount = z.infer<typeof ZCampaignAmount>;
export const ZCampaignQuestion = ZReadQuestion;
export type TCampaignQuestion = z.infer<typeof ZCampaignQuestion>;
export const ZDesignation = ZReadDesignation;
export type TDesignation = z.infer<typeof ZDesignation>;

/** A campaign as the staff editor reads it: the saved fields plus ids and totals. */
export const ZCampaign = ZCampaignFields.extend({
  id,
  npo_id: id,
  campaign_url: z.string(),
  amounts: z.array(ZReadAmount),
  questions: z.array(ZReadQuestion),
  designations: z.array(ZReadDesignation),
  /** Gifts in every currency, added up in the base currency (raised_currency). */
  raised_minor: ZMinorAmount,
  raised_currency: z.string(),
  donors: z.number().int().min(0),
  donations_count: z.number().int().min(0),
  /** The fundraiser who owns a peer campaign; null for the organisation's own campaigns. */
  owner_user_id: id.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/**
 * One row of /dashboard/campaigns. `currency` is the form's default currency; raised_minor and
 * goal_minor are in raised_currency, the organisation's base currency.
 */
export const ZCampaignListItem = z.object({
  id,
  name: z.string(),
  campaign_url: z.string(),
  status: ZCampaignStatus,
  campaign_type: ZCampaignType,
  image_url: z.string().nullable(),
  currency: z.string(),
  raised_minor: ZMinorAmount,
  raised_currency: z.string(),
  donors: z.number().int().min(0),
  donations_count: z.number().int().min(0),
  /** How many peer (fundraiser) campaigns raise for this one. */
  peer_campaigns: z.number().int().min(0),
  goal_minor: ZMinorAmount.nullable(),
  parent_campaign_id: id.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type TCampaignListItem = z.infer<typeof ZCampaignListItem>;

export const ZCampaignListQuery = z.object({
  search: z.string().trim().max(150).optional(),
  status: ZCampaignStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZCampaignListResponse = z.object({
  campaigns: z.array(ZCampaignListItem),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type TCampaignListResponse = z.infer<typeof ZCampaignListResponse>;
