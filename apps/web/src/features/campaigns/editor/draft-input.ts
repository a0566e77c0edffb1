import { type TCampaignInput, type TCampaignSettings, toMinorUnits, ZCampaignInput } from '@kindling/contracts';
import type { CampaignDraft, SettingsDraft } from './campaign-draft.ts';

export type FieldErrors = Record<string, string>;
export type DraftInput = { input: TCampaignInput; errors: FieldErrors };

/** A line height may be unitless (1.5); everything else is sent as typed and checked by the contract. */
function settingsInput(settings: SettingsDraft): TCampaignSettings {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (typeof value === 'boolean') {
      out[key] = value;
      continue;
    }
    const text = (value ?? '').trim();
    if (text === '') continue;
    out[key] = key === 'line_height' && /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  return out as TCampaignSettings;
}

/**
 * The draft as the API's input. Typed amounts become integer minor units with the exponent of the
 * campaign's default currency (presets) or the organisation's base currency (goal); an amount that
 * cannot be read is reported under the draft's own field and sent as 0 so the rest still checks.
 */
export function draftToInput(draft: CampaignDraft, baseCurrency: string): DraftInput {
  const errors: FieldErrors = {};
  const amounts = draft.amounts.map((a, i) => {
    const parsed = toMinorUnits(a.amount, draft.currency);
    if (!parsed.ok) errors[`amounts.${i}.amount`] = parsed.error;
    return {
      ...(a.id ? { id: a.id } : {}),
      amount_minor: parsed.ok ? parsed.minor : 0,
      interval: a.interval,
      description: a.description,
      image_url: a.image_url,
    };
  });
  let goal: number | null = null;
  if (draft.goal.trim() !== '') {
    const parsed = toMinorUnits(draft.goal, baseCurrency);
    if (parsed.ok) goal = parsed.minor;
    else errors.goal = parsed.error;
  }
  // faults15: the campaign maximum, typed in the default currency like the presets.
  let maxAmount: number | null = null;
  if (draft.max_amount.trim() !== '') {
    const parsed = toMinorUnits(draft.max_amount, draft.currency);
    if (parsed.ok) maxAmount = parsed.minor;
    else errors.max_amount = parsed.error;
  }
  const input: TCampaignInput = {
    name: draft.name,
    campaign_url: draft.campaign_url,
    status: draft.status,
    campaign_type: draft.campaign_type,
    goal_minor: goal,
    starts_at: draft.starts_at || null,
    ends_at: draft.ends_at || null,
    currency: draft.currency,
    currencies: draft.currencies,
    amounts,
    user_amount_enable: draft.user_amount_enable,
    include_payment_fees: draft.include_payment_fees,
    gift_aid: draft.gift_aid,
    collect_address: draft.collect_address,
    designations: draft.designations.map(({ id, name, description }) => ({ ...(id ? { id } : {}), name, description })),
    designation_label: draft.designation_label,
    questions: draft.questions.map(({ id, content, answer_type, options, response_required }) => ({
      ...(id ? { id } : {}),
      content,
      answer_type,
      options,
      response_required,
    })),
    thank_you_message: draft.thank_you_message,
    thank_you_url: draft.thank_you_url,
    call_to_action: draft.call_to_action,
    description: draft.description,
    image_url: draft.image_url,
    team_fundraising: draft.team_fundraising,
    campaign_settings: settingsInput(draft.campaign_settings),
    custom_css: draft.custom_css,
    parent_campaign_id: draft.parent_campaign_id,
    // faults15: amount limits (decision 035)
    max_amount_minor: maxAmount,
  };
  return { input, errors };
}

/**
 * An API field path ('amounts.0.amount_minor', as the server's 400 `fields` and the contract's
 * issues name them) as the path of the editor field that shows it ('amounts.0.amount').
 */
export function draftPathOf(apiPath: string): string {
  return apiPath
    .replace(/^goal_minor$/, 'goal')
    .replace(/^max_amount_minor$/, 'max_amount')
    .replace(/^(amounts\.\d+)\.amount_minor$/, '$1.amount')
    .replace(/^body$/, 'form');
}

export const draftErrorsOf = (fields: Record<string, string>): FieldErrors =>
  Object.fromEntries(Object.entries(fields).map(([path, message]) => [draftPathOf(path), message]));

/**
 * Every problem the contract finds in the draft, under the editor's field paths: the same rules
 * and messages the server applies (the server alone knows whether a campaign URL is taken).
 */
export function validateDraft(draft: CampaignDraft, baseCurrency: string): FieldErrors {
  const { input, errors } = draftToInput(draft, baseCurrency);
  const parsed = ZCampaignInput.safeParse(input);
  const found: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = draftPathOf(issue.path.map(String).join('.') || 'form');
      found[path] ??= issue.message;
    }
  }
  // A figure that could not be read says why, rather than 'enter an amount greater than zero'.
  return { ...found, ...errors };
}
