import {
  fromMinorUnits,
  type TAnswerType,
  type TCampaign,
  type TCampaignSettings,
  type TCampaignStatus,
  type TCampaignType,
  type TGivingInterval,
} from '@kindling/contracts';

/**
 * What the campaign editor's form holds. It mirrors the API input (ZCampaignInput) except where a
 * person types something else than what is stored: money is typed in major units as text ('12.50')
 * and turned into minor units only when the draft is checked or sent (draft-input.ts), so the
 * exponent of the currency chosen at that moment applies; dates are 'YYYY-MM-DD' as the date
 * pickers give them; form settings are text so an empty box means 'use the default'.
 */

export type AmountDraft = {
  /** A stable React key for new rows that have no id yet. */
  key: string;
  id?: number;
  interval: TGivingInterval;
  /** Major units of the campaign's default currency, as typed. */
  amount: string;
  description: string;
  image_url: string | null;
};

export type QuestionDraft = {
  key: string;
  id?: number;
  content: string;
  answer_type: TAnswerType;
  options: string[];
  response_required: boolean;
};

export type DesignationDraft = { key: string; id?: number; name: string; description: string };

/** Every setting as text ('' = not set), except the flags. */
export type SettingsDraft = Partial<Record<Exclude<keyof TCampaignSettings, SettingsFlag>, string>> & {
  campaign_rounded_corners?: boolean;
  // conv15: the monthly upsell and tribute gifts (docs/decisions/037-conversion-features.md).
  upsell_monthly?: boolean;
  tributes?: boolean;
};
type SettingsFlag = 'campaign_rounded_corners' | 'upsell_monthly' | 'tributes';

export type CampaignDraft = {
  name: string;
  campaign_url: string;
  status: TCampaignStatus;
  campaign_type: TCampaignType;
  /** Major units of the organisation's base currency; '' for no goal. */
  goal: string;
  starts_at: string | null;
  ends_at: string | null;
  currency: string;
  currencies: string[];
  amounts: AmountDraft[];
  user_amount_enable: boolean;
  include_payment_fees: boolean;
  gift_aid: boolean;
  collect_address: boolean;
  designations: DesignationDraft[];
  designation_label: string;
  questions: QuestionDraft[];
  thank_you_message: string;
  thank_you_url: string;
  call_to_action: string;
  description: string;
  image_url: string | null;
  team_fundraising: boolean;
  campaign_settings: SettingsDraft;
  custom_css: string;
  parent_campaign_id: number | null;
  // faults15: the largest gift, in major units of the default currency; '' for the providers' limit only.
  max_amount: string;
};

let nextKey = 0;
/** Keys only need to be unique within one page's lifetime. */
export const newKey = (prefix: string): string => `${prefix}-${++nextKey}`;

export const newAmount = (interval: TGivingInterval = 'once'): AmountDraft => ({
  key: newKey('amount'),
  interval,
  amount: '',
  description: '',
  image_url: null,
});

export const newQuestion = (): QuestionDraft => ({
  key: newKey('question'),
  content: '',
  answer_type: 'Text',
  options: [],
  response_required: false,
});

export const newDesignation = (): DesignationDraft => ({ key: newKey('designation'), name: '', description: '' });

/** A new campaign: a draft in the organisation's base currency, free amounts allowed. */
export function emptyDraft(baseCurrency = 'USD'): CampaignDraft {
  return {
    name: '',
    campaign_url: '',
    status: 'draft',
    campaign_type: 'donation',
    goal: '',
    starts_at: null,
    ends_at: null,
    currency: baseCurrency,
    currencies: [baseCurrency],
    amounts: [],
    user_amount_enable: true,
    include_payment_fees: false,
    gift_aid: false,
    collect_address: false,
    designations: [],
    designation_label: '',
    questions: [],
    thank_you_message: '',
    thank_you_url: '',
    call_to_action: '',
    description: '',
    image_url: null,
    team_fundraising: false,
    campaign_settings: {},
    custom_css: '',
    parent_campaign_id: null,
    // faults15: amount limits (decision 035)
    max_amount: '',
  };
}

/** '2026-03-01T00:00:00.000Z' → '2026-03-01' (the pickers work in whole days). */
const dayOf = (iso: string | null): string | null => (iso ? iso.slice(0, 10) : null);

function settingsDraftOf(settings: TCampaignSettings): SettingsDraft {
  const draft: SettingsDraft = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') (draft as Record<string, boolean>)[key] = value;
    else (draft as Record<string, string>)[key] = String(value);
  }
  return draft;
}

/** The saved campaign as the editor's form values. */
export function draftOf(c: TCampaign): CampaignDraft {
  return {
    name: c.name,
    campaign_url: c.campaign_url,
    status: c.status,
    campaign_type: c.campaign_type,
    goal: c.goal_minor === null ? '' : fromMinorUnits(c.goal_minor, c.raised_currency),
    starts_at: dayOf(c.starts_at),
    ends_at: dayOf(c.ends_at),
    currency: c.currency,
    currencies: [...c.currencies],
    amounts: c.amounts.map((a) => ({
      key: newKey('amount'),
      id: a.id,
      interval: a.interval,
      amount: fromMinorUnits(a.amount_minor, c.currency),
      description: a.description,
      image_url: a.image_url,
    })),
    user_amount_enable: c.user_amount_enable,
    include_payment_fees: c.include_payment_fees,
    gift_aid: c.gift_aid,
    collect_address: c.collect_address,
    designations: c.designations.map((d) => ({ key: newKey('designation'), ...d })),
    designation_label: c.designation_label,
    questions: c.questions.map((q) => ({ key: newKey('question'), ...q, options: [...q.options] })),
    thank_you_message: c.thank_you_message,
    thank_you_url: c.thank_you_url,
    call_to_action: c.call_to_action,
    description: c.description,
    image_url: c.image_url,
    team_fundraising: c.team_fundraising,
    campaign_settings: settingsDraftOf(c.campaign_settings),
    custom_css: c.custom_css,
    parent_campaign_id: c.parent_campaign_id,
    // faults15: amount limits (decision 035)
    max_amount: c.max_amount_minor ? fromMinorUnits(c.max_amount_minor, c.currency) : '',
  };
}
