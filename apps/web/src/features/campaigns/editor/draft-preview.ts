import {
  configuredIntervals,
  normaliseCurrency,
  type TCampaignSettings,
  type TPublicCampaign,
  toMinorUnits,
  ZCampaignSettings,
} from '@kindling/contracts';
import type { CampaignDraft, SettingsDraft } from './campaign-draft.ts';
import { previewSafeHtml } from './preview-html.ts';

/**
 * What the preview needs that the editor does not edit: the organisation, the totals and which
 * payment tabs the organisation can offer. On the edit page it comes from the saved campaign (the
 * server's staff answer carries the public fields); on the new page from the session.
 */
export type PreviewContext = Pick<
  TPublicCampaign,
  | 'id'
  | 'npo_id'
  | 'npo'
  | 'logo'
  | 'teams'
  | 'raised_minor'
  | 'raised_currency'
  | 'donors'
  | 'card_enabled'
  | 'wallet_enabled'
  | 'card_provider'
  | 'wallet_provider'
  | 'stripe_publishable_key'
  | 'stripe_account'
  | 'paypal_client_id'
  | 'paypal_merchant_id'
  | 'paypal_email'
  | 'payment_methods'
>;

/** For a campaign not saved yet: both tabs as the sandbox draws them, nothing raised. */
export function newCampaignContext(npo: { id: number; name: string; logo: string | null }, baseCurrency: string) {
  return {
    id: 1,
    npo_id: npo.id,
    npo: npo.name,
    logo: npo.logo,
    teams: [],
    raised_minor: 0,
    raised_currency: baseCurrency,
    donors: 0,
    card_enabled: true,
    wallet_enabled: true,
    payment_methods: ['card', 'paypal'],
    card_provider: 'sandbox',
    wallet_provider: 'sandbox',
    stripe_publishable_key: null,
    stripe_account: null,
    paypal_client_id: null,
    paypal_merchant_id: null,
    paypal_email: null,
  } satisfies PreviewContext;
}

/** Only settings that pass the contract reach the form: a half-typed colour keeps the default. */
function previewSettings(draft: SettingsDraft): TCampaignSettings {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined || value === '') continue;
    const raw = key === 'line_height' && /^\d+(\.\d+)?$/.test(String(value)) ? Number(value) : value;
    const one = ZCampaignSettings.safeParse({ [key]: raw });
    if (one.success) Object.assign(settings, one.data);
  }
  return settings as TCampaignSettings;
}

/** True when every brace closes one that was opened, in order: nothing can leave the wrapper. */
function bracesBalance(css: string): boolean {
  let depth = 0;
  for (const ch of css) {
    if (ch === '{') depth++;
    else if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

export const FORM_ROOT_SELECTOR = '.kindling-donation-form';

/**
 * The server scopes saved custom CSS under the form's root; the unsaved text is scoped here with
 * CSS nesting, so the preview can never restyle the dashboard around it. Text that could close the
 * wrapper early (unbalanced braces, '<') is left out of the preview until it is fixed.
 */
export function previewCustomCss(css: string): string {
  const text = css.trim();
  if (text === '' || text.includes('<') || !bracesBalance(text)) return '';
  return `${FORM_ROOT_SELECTOR} {\n${text}\n}`;
}

/** The unsaved draft as the public form reads a campaign (ZPublicCampaign), for the live preview. */
export function draftToPublicCampaign(draft: CampaignDraft, ctx: PreviewContext): TPublicCampaign {
  const currency = normaliseCurrency(draft.currency);
  // Presets still being typed are left out rather than shown as 0.
  const amounts = draft.amounts.flatMap((a, i) => {
    const parsed = toMinorUnits(a.amount, currency);
    if (!parsed.ok || parsed.minor <= 0) return [];
    return [
      {
        id: a.id ?? i + 1,
        amount_minor: parsed.minor,
        interval: a.interval,
        description: a.description.trim(),
        image_url: a.image_url,
      },
    ];
  });
  const goal = draft.goal.trim() === '' ? null : toMinorUnits(draft.goal, ctx.raised_currency);
  return {
    ...ctx,
    campaign_id: ctx.id,
    peer_campaign_id: null,
    peer: null,
    name: draft.name.trim() || 'Untitled campaign',
    campaign_url: draft.campaign_url,
    status: draft.status,
    campaign_type: draft.campaign_type,
    currency,
    currencies: draft.currencies.length > 0 ? draft.currencies : [currency],
    amounts,
    intervals: configuredIntervals(amounts),
    user_amount_enable: draft.user_amount_enable,
    include_payment_fees: draft.include_payment_fees,
    gift_aid: draft.gift_aid,
    collect_address: draft.collect_address,
    designations: draft.designations
      .filter((d) => d.name.trim() !== '')
      .map((d, i) => ({ id: d.id ?? i + 1, name: d.name.trim(), description: d.description.trim() })),
    designation_label: draft.designation_label.trim(),
    questions: draft.questions
      .filter((q) => q.content.trim() !== '')
      .map((q, i) => ({
        id: q.id ?? i + 1,
        content: q.content.trim(),
        answer_type: q.answer_type,
        options: q.options.map((o) => o.trim()).filter(Boolean),
        response_required: q.response_required,
      })),
    team_fundraising: draft.team_fundraising,
    thank_you_message: draft.thank_you_message,
    thank_you_url: draft.thank_you_url,
    call_to_action: draft.call_to_action,
    description: previewSafeHtml(draft.description),
    image_url: draft.image_url,
    campaign_settings: previewSettings(draft.campaign_settings),
    custom_css: previewCustomCss(draft.custom_css),
    goal_minor: goal?.ok ? goal.minor : null,
    starts_at: draft.starts_at,
    ends_at: draft.ends_at,
    days_left: draft.ends_at ? Math.ceil((Date.parse(draft.ends_at) - Date.now()) / 86_400_000) : null,
    // Custom JS never runs in the staff editor's preview (decision 036).
    custom_js: '',
  };
}
