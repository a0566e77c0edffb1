import { z } from 'zod';
import { ZCampaignSettings } from './campaign-settings.ts';
import { ZCampaignAmount, ZCampaignQuestion, ZCampaignStatus, ZCampaignType, ZDesignation } from './campaigns.ts';
import { DONATION_METHODS } from './donation-method-rules.ts';
import { ZGivingIntervalValue } from './intervals.ts';
import { ZMinorAmount, ZMoneyPattern } from './money.ts';

/**
 * What the public donation form reads: GET /npo_admin/campaigns/{id} and
 * GET /npo_admin/campaign_page?campaign_url=… (docs/product/campaigns.md#campaigns), both answering
 * { campaign }. Preset amounts are integer minor units of the campaign's `currency`; goal and
 * raised are in the organisation's base currency (raised_currency), since gifts arrive in many.
 *
 * Provider fields: card_enabled / wallet_enabled say whether a tab can appear at all (the server
 * decides, knowing the organisation's accounts and whether the sandbox stands in); the keys are
 * what the provider scripts need and are null when that provider is not live (or is the sandbox).
 */
export const ZPublicCampaign = z.object({
  id: z.number().int().positive(),
  /**
   * The campaign a gift goes to: the parent for a peer campaign (the form's campaign_id), else the
   * campaign itself. The form sends it back as campaign_id with peer_campaign_id beside it.
   */
  campaign_id: z.number().int().positive(),
  /** The peer (fundraiser) campaign's own id when this is one; null otherwise. */
  peer_campaign_id: z.number().int().positive().nullable(),
  /** The fundraiser's page, for /raise/{campaign_url}; null for a plain campaign. */
  peer: z
    .object({
      id: z.number().int().positive(),
      name: z.string(),
      campaign_url: z.string(),
      owner_name: z.string(),
      raised_minor: ZMinorAmount,
      donors: z.number().int().min(0),
      // Donor wall and urgency: the fundraiser's own goal (the default goal when they set none).
      goal_minor: ZMinorAmount,
      // p2p16: the fundraiser's video link (docs/decisions/044-peer-to-peer-pages.md).
      video_url: z.string().nullish(),
    })
    .nullable(),
  /** The campaign the gift goes to: for a peer page its parent's name (the page's own is peer.name). */
  name: z.string(),
  campaign_url: z.string(),
  status: ZCampaignStatus,
  campaign_type: ZCampaignType,
  npo_id: z.number().int().positive(),
  /** The organisation's name, for 'Thank you for your … donation to {organisation}.' */
  npo: z.string(),
  logo: z.string().nullable(),
  currency: z.string(),
  currencies: z.array(z.string()),
  amounts: z.array(ZCampaignAmount),
  /** Intervals that have presets, in tab order (configuredIntervals); the form shows only these. */
  intervals: z.array(ZGivingIntervalValue),
  user_amount_enable: z.boolean(),
  include_payment_fees: z.boolean(),
  gift_aid: z.boolean(),
  collect_address: z.boolean(),
  designations: z.array(ZDesignation),
  designation_label: z.string(),
  questions: z.array(ZCampaignQuestion),
  teams: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
  team_fundraising: z.boolean(),
  thank_you_message: z.string(),
  thank_you_url: z.string(),
  call_to_action: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  image_url: z.string().nullable(),
  campaign_settings: ZCampaignSettings,
  /** Already scoped to the form's root by the server. */
  custom_css: z.string(),
  /** Goal and raised are in raised_currency, the organisation's base currency. */
  goal_minor: ZMinorAmount.nullable(),
  raised_minor: ZMinorAmount,
  raised_currency: z.string(),
  donors: z.number().int().min(0),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Whole days until ends_at (0 or less: ended); null without an end date. */
  days_left: z.number().int().nullable(),
  card_enabled: z.boolean(),
  wallet_enabled: z.boolean(),
  /**
   * The methods donors may use: the organisation's setting or the campaign's override
   * (docs/product/payments.md#payment-methods), narrowed to what the connected providers take.
   */
  payment_methods: z.array(z.enum(DONATION_METHODS)),
  /** Which implementation is behind each tab; 'sandbox' renders our own card form and approval page. */
  card_provider: z.enum(['stripe', 'sandbox']).nullable(),
  wallet_provider: z.enum(['paypal', 'sandbox']).nullable(),
  stripe_publishable_key: z.string().nullable(),
  stripe_account: z.string().nullable(),
  paypal_client_id: z.string().nullable(),
  paypal_merchant_id: z.string().nullable(),
  paypal_email: z.string().nullable(),
  // faults15: amount limits and presets per currency (decision 035), the organisation's locale.
  /** The organisation's BCP 47 locale: every amount and date on the public form is written in it. */
  locale: z.string().optional(),
  /** The campaign's own largest gift in `currency`; null: only the providers' limits apply. */
  max_amount_minor: ZMinorAmount.nullable().optional(),
  /** Smallest and largest gift per offered currency (providers' limits, the campaign maximum converted). */
  amount_limits: z.record(z.string(), z.object({ min_minor: ZMinorAmount, max_minor: ZMinorAmount })).optional(),
  /**
   * The presets in each offered currency other than `currency`: converted with the organisation's
   * exchange rates and rounded to a nice amount; a currency without a rate keeps the face value.
   */
  currency_amounts: z
    .record(z.string(), z.array(z.object({ id: z.number().int(), amount_minor: ZMinorAmount })))
    .optional(),
  // Custom JS: the campaign's own script, run by the public page after the form loads (decision 036).
  custom_js: z.string(),
  // journey15: Stripe's Express Checkout shows a wallet only where Stripe has verified one of the
  // organisation's domains for it (decisions 038 and 041); absent: none is.
  /** Whether the organisation has a domain registered and active at Stripe for each wallet. */
  wallet_domains: z.object({ apple_pay: z.boolean(), google_pay: z.boolean() }).optional(),
  // console24: false while the platform has suspended or closed the organisation; the page then
  // shows a neutral notice instead of the form and no payment is attempted (decision 046).
  accepting_gifts: z.boolean().optional(),
  /**
   * How the organisation's locale writes the campaign's currency and the raised currency, so the
   * page's first amounts need no Intl object (docs/product/donation-form.md#performance); a
   * currency absent here is formatted through Intl.
   */
  money_patterns: z.array(ZMoneyPattern).optional(),
});
export type TPublicCampaign = z.infer<typeof ZPublicCampaign>;

export const ZPublicCampaignResponse = z.object({ campaign: ZPublicCampaign });
export type TPublicCampaignResponse = z.infer<typeof ZPublicCampaignResponse>;

/** GET /npo_admin/campaign_page: the slug of /{campaign_url} or /raise/{campaign_url}. */
export const ZCampaignPageQuery = z.object({
  campaign_url: z.string().trim().toLowerCase().min(1, 'A campaign URL is required').max(120),
});

/** GET /npo_admin/campaigns/{id}: numeric ids only; anything else goes to campaign_page. */
export const ZCampaignIdParams = z.object({ id: z.coerce.number().int().positive() });
