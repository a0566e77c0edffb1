import { z } from 'zod';
import { answerTypes, campaignStatuses, campaignTypes, givingIntervals } from './campaigns.tables.ts';

// Wire shapes of the campaign API. Money is integer minor units of our exponent (DESIGN section 3).
// These move to packages/contracts once the shared campaign contract lands.

const MAX_MINOR = 10_000_000_000;
const minor = z.number().int('Use whole minor units.').positive('Enter an amount above zero.').max(MAX_MINOR);
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code.')
  .transform((c) => c.toUpperCase());
const shortText = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`);
const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => v === '' || /^https?:\/\/\S+$/i.test(v) || v.startsWith('/'),
    'Enter a web address starting with https://.',
  );

export const ZInterval = z.enum(givingIntervals);
export const ZCampaignStatus = z.enum(campaignStatuses);

/** Style values become CSS custom properties: nothing that could end the declaration. */
const styleValue = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .max(100)
    .regex(/^[^;{}<>]*$/, 'Style values cannot contain ; { } < or >.'),
]);

export const SETTINGS_KEYS = [
  'theme_color',
  'button_color',
  'button_text_color',
  'button_hover_color',
  'background_color',
  'text_color',
  'border_color',
  'secondary_color',
  'accent_color',
  'selected_interval_background_color',
  'selected_interval_text_color',
  'intervals_background_color',
  'intervals_text_color',
  'selected_amount_background_color',
  'selected_amount_text_color',
  'form_width',
  'form_max_width',
  'form_padding',
  'campaign_rounded_corners',
  'button_layout',
  'button_border_radius',
  'button_padding',
  'button_margin',
  'campaign_page_font',
  'font_size',
  'font_weight',
  'line_height',
] as const;

export const ZCampaignSettings = z
  .partialRecord(z.enum(SETTINGS_KEYS), styleValue)
  .default({})
  .describe('Form styling of spec 02 section 3');

export const ZAmountInput = z.object({
  amt: minor,
  interval: ZInterval.default('once'),
  description: shortText(300).default(''),
  image_url: optionalUrl.nullable().default(null),
});

export const ZQuestionInput = z.object({
  content: shortText(500).min(1, 'Write the question.'),
  answer_type: z.enum(answerTypes).default('Text'),
  options: z.array(shortText(200).min(1, 'An option cannot be empty.')).max(50).default([]),
  response_required: z.boolean().default(false),
});

export const ZDesignationInput = z.object({
  name: shortText(120).min(1, 'Name the designation.'),
  description: shortText(500).default(''),
});

/** What staff send to create or save a campaign: the whole campaign, children replaced as given. */
export const ZCampaignInput = z.object({
  name: shortText(200).min(1, 'Name the campaign.'),
  campaign_url: z.string().trim().toLowerCase().max(120, 'Keep the campaign URL under 120 characters.'),
  status: ZCampaignStatus.default('draft'),
  campaign_type: z.enum(campaignTypes).default('donation'),
  goal: minor.nullable().default(null),
  currency: currencyCode.default('USD'),
  currencies: z.array(currencyCode).min(1, 'Offer at least one currency.').max(40).default(['USD']),
  starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  description: z.string().max(100_000).default(''),
  call_to_action: shortText(300).default(''),
  image_url: optionalUrl.nullable().default(null),
  user_amount_enable: z.boolean().default(true),
  include_payment_fees: z.boolean().default(false),
  gift_aid: z.boolean().default(false),
  collect_address: z.boolean().default(false),
  designation_label: shortText(120).default(''),
  thank_you_message: shortText(2000).default(''),
  thank_you_url: optionalUrl.default(''),
  team_fundraising: z.boolean().default(false),
  campaign_settings: ZCampaignSettings,
  custom_css: z
    .string()
    .max(20_000, 'Keep custom CSS under 20,000 characters.')
    .refine((v) => !v.includes('<'), 'Custom CSS cannot contain "<".')
    .default(''),
  amounts: z.array(ZAmountInput).max(60).default([]),
  questions: z.array(ZQuestionInput).max(30).default([]),
  designations: z.array(ZDesignationInput).max(30).default([]),
});
export type TCampaignInput = z.infer<typeof ZCampaignInput>;

export const ZAmount = ZAmountInput.extend({ id: z.number().int(), position: z.number().int() });
export const ZQuestion = ZQuestionInput.extend({ id: z.number().int(), position: z.number().int() });
export const ZDesignation = ZDesignationInput.extend({ id: z.number().int(), position: z.number().int() });

const ZPeer = z.object({
  id: z.number().int(),
  name: z.string(),
  campaign_url: z.string(),
  owner_name: z.string(),
  raised: z.number().int(),
  donors: z.number().int(),
});

/**
 * A campaign as its donation form reads it (spec 02 section 3). For a peer campaign, `id` is the
 * peer's, `campaign_id` its parent's, the form configuration is the parent's and `peer` describes
 * the fundraiser's page. `goal` and `raised` are in the organisation's base currency.
 */
export const ZCampaignPublic = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  peer_campaign_id: z.number().int().nullable(),
  name: z.string(),
  campaign_url: z.string(),
  status: ZCampaignStatus,
  campaign_type: z.enum(campaignTypes),
  npo_id: z.number().int(),
  npo: z.string(),
  logo: z.string().nullable(),
  currency: z.string(),
  currencies: z.array(z.string()),
  amounts: z.array(ZAmount),
  /** The configured intervals in display order, each with its presets. */
  amounts_by_interval: z.partialRecord(ZInterval, z.array(ZAmount)),
  intervals: z.array(ZInterval),
  questions: z.array(ZQuestion),
  designations: z.array(ZDesignation),
  designation_label: z.string(),
  user_amount_enable: z.boolean(),
  include_payment_fees: z.boolean(),
  gift_aid: z.boolean(),
  collect_address: z.boolean(),
  thank_you_message: z.string(),
  thank_you_url: z.string(),
  call_to_action: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  team_fundraising: z.boolean(),
  campaign_settings: z.record(z.string(), z.union([z.string(), z.number()])),
  custom_css: z.string(),
  goal: z.number().int().nullable(),
  raised: z.number().int(),
  raised_currency: z.string(),
  donors: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  days_left: z.number().int().nullable(),
  peer: ZPeer.nullable(),
  /** Which payment methods the form may offer, and the provider's public keys. */
  provider: z.enum(['sandbox', 'stripe']),
  card_enabled: z.boolean(),
  wallet_enabled: z.boolean(),
  stripe_publishable_key: z.string().nullable(),
  stripe_account: z.string().nullable(),
  paypal_client_id: z.string().nullable(),
  paypal_merchant_id: z.string().nullable(),
  paypal_email: z.string().nullable(),
});
export type TCampaignPublic = z.infer<typeof ZCampaignPublic>;

/** What signed-in staff of the organisation read: the public shape plus what only they see. */
export const ZCampaignDetail = ZCampaignPublic.extend({
  editable: z.literal(true),
  parent_campaign_id: z.number().int().nullable(),
  owner_user_id: z.number().int().nullable(),
  donations_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCampaignDetail = z.infer<typeof ZCampaignDetail>;

export const ZCampaignListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: ZCampaignStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const ZCampaignListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  campaign_url: z.string(),
  status: ZCampaignStatus,
  campaign_type: z.enum(campaignTypes),
  image_url: z.string().nullable(),
  goal: z.number().int().nullable(),
  raised: z.number().int(),
  raised_currency: z.string(),
  donors: z.number().int(),
  donations_count: z.number().int(),
  peer_campaigns: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});

const page = <T extends z.ZodType>(key: string, item: T) =>
  z.object({ [key]: z.array(item), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });

export const ZCampaignList = page('campaigns', ZCampaignListItem);

export const ZStatusChange = z.object({ status: ZCampaignStatus });

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const ZCampaignDonation = z.object({
  id: z.number().int(),
  donor_id: z.number().int(),
  donor_name: z.string(),
  donor_email: z.string(),
  amount: z.number().int(),
  fee_covered: z.number().int(),
  currency: z.string(),
  base_amount: z.number().int(),
  base_currency: z.string(),
  interval: ZInterval,
  status: z.string(),
  payment_method: z.string().nullable(),
  provider: z.string().nullable(),
  designation: z.string().nullable(),
  answers: z.array(z.object({ question_id: z.number().int().nullable(), question: z.string(), answer: z.string() })),
  comment: z.string(),
  gift_aid: z.boolean(),
  add_to_donor_wall: z.boolean(),
  first_name_only_to_donor_wall: z.boolean(),
  show_amount_on_donor_wall: z.boolean(),
  show_comment_on_donor_wall: z.boolean(),
  peer_campaign_id: z.number().int().nullable(),
  receipt_number: z.string().nullable(),
  created_at: z.string(),
});
export const ZCampaignDonations = page('donations', ZCampaignDonation);

export const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
