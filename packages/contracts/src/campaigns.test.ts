import { describe, expect, it } from 'vitest';
import { campaignSettingsToCssVars, ZCampaignSettings, ZCustomCss } from './campaign-settings.ts';
import { CAMPAIGN_URL_MESSAGES, RESERVED_CAMPAIGN_URLS, slugifyCampaignName, ZCampaignUrl } from './campaign-url.ts';
import { CAMPAIGN_MESSAGES, ZCampaignInput } from './campaigns.ts';
import { amountsByInterval, configuredIntervals, parseInterval, ZGivingInterval } from './intervals.ts';

/** The spring appeal of the demo seed, as the editor would send it. */
const springAppeal = {
  name: 'Spring Appeal',
  campaign_url: 'spring-appeal',
  status: 'active',
  currency: 'USD',
  currencies: ['USD', 'EUR', 'GBP'],
  amounts: [
    { amount_minor: 2500, interval: 'once', description: 'Feeds a family for a week' },
    { amount_minor: 5000, interval: 'once' },
    { amount_minor: 1000, interval: 'monthly', description: 'Keeps the pantry stocked' },
  ],
  user_amount_enable: true,
  include_payment_fees: true,
  gift_aid: true,
  collect_address: true,
  designations: [
    { name: 'Food bank', description: 'Groceries for families' },
    { name: 'Youth programme', description: '' },
  ],
  designation_label: 'Choose where your gift goes',
  questions: [
    {
      content: 'How did you hear about us?',
      answer_type: 'dropdown',
      options: ['Friend', 'Web'],
      response_required: true,
    },
    { content: 'Anything else?', answer_type: 'Text' },
  ],
  starts_at: '2026-03-01',
  ends_at: '2026-06-30T23:59:59Z',
  goal_minor: 5_000_000,
};

/** Messages of a failed parse, keyed by path ('amounts.1.amount_minor'). */
function failures(input: unknown): Record<string, string> {
  const result = ZCampaignInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('campaign schema', () => {
  it('accepts a complete valid campaign and fills the defaults', () => {
    const campaign = ZCampaignInput.parse(springAppeal);
    expect(campaign.amounts[0]).toEqual({
      amount_minor: 2500,
      interval: 'once',
      description: 'Feeds a family for a week',
      image_url: null,
    });
    expect(campaign.questions[1]).toMatchObject({ answer_type: 'Text', options: [], response_required: false });
    expect(campaign).toMatchObject({ campaign_type: 'donation', custom_css: '', campaign_settings: {} });
  });

  it('requires an amount or user amounts for an active campaign, but not for a draft', () => {
    const bare = { ...springAppeal, amounts: [], user_amount_enable: false };
    expect(failures(bare)).toEqual({ amounts: CAMPAIGN_MESSAGES.amountOrUserAmount });
    expect(failures({ ...bare, status: 'draft' })).toEqual({});
    expect(failures({ ...bare, user_amount_enable: true })).toEqual({});
  });

  it('requires the end after the start', () => {
    expect(failures({ ...springAppeal, ends_at: '2026-02-01' })).toEqual({
      ends_at: CAMPAIGN_MESSAGES.endsAfterStarts,
    });
    expect(failures({ ...springAppeal, ends_at: '2026-03-01' })).toEqual({
      ends_at: CAMPAIGN_MESSAGES.endsAfterStarts,
    });
    expect(failures({ ...springAppeal, starts_at: 'tomorrow' })).toEqual({
      starts_at: 'Use a date like 2026-03-01 or a date and time',
    });
  });

  it('refuses the same preset twice in one interval, but allows it in another', () => {
    const amounts = [...springAppeal.amounts, { amount_minor: 5000, interval: 'one_time' }];
    expect(failures({ ...springAppeal, amounts })).toEqual({
      'amounts.3.amount_minor': 'This amount is already a once-off preset',
    });
    const monthly = [...springAppeal.amounts, { amount_minor: 5000, interval: 'monthly' }];
    expect(failures({ ...springAppeal, amounts: monthly })).toEqual({});
  });

  it('needs options for choice questions and reads them from any stored form', () => {
    const noOptions = [{ content: 'Pick one', answer_type: 'Radio', options: [] }];
    expect(failures({ ...springAppeal, questions: noOptions })).toEqual({
      'questions.0.options': CAMPAIGN_MESSAGES.optionsRequired,
    });
    const dupes = [{ content: 'Pick one', answer_type: 'Checkbox', options: 'Yes, Yes' }];
    expect(failures({ ...springAppeal, questions: dupes })).toEqual({
      'questions.0.options': CAMPAIGN_MESSAGES.duplicateOption,
    });
    const stored = [
      { content: 'A', answer_type: 'dropdown', options: '["Red","Blue"]', required: true },
      { content: 'B', answer_type: 'Radio', options: 'Small, Large' },
    ];
    const parsed = ZCampaignInput.parse({ ...springAppeal, questions: stored });
    expect(parsed.questions.map((q) => [q.options, q.response_required])).toEqual([
      [['Red', 'Blue'], true],
      [['Small', 'Large'], false],
    ]);
  });

  it('keeps the default currency among the offered ones, accepting codes or objects', () => {
    expect(failures({ ...springAppeal, currency: 'JPY' })).toEqual({
      currency: CAMPAIGN_MESSAGES.defaultCurrencyListed,
    });
    const parsed = ZCampaignInput.parse({
      ...springAppeal,
      currency: 'eur',
      currencies: [{ value: 'eur', label: 'Euro' }, { code: 'GBP', name: 'Pound' }, 'eur'],
    });
    expect([parsed.currency, parsed.currencies]).toEqual(['EUR', ['EUR', 'GBP']]);
    expect(failures({ ...springAppeal, currencies: [] })).toEqual({ currencies: CAMPAIGN_MESSAGES.currenciesRequired });
    expect(failures({ ...springAppeal, currencies: ['USD', 'ABC'] })).toEqual({
      'currencies.1': 'Choose a supported currency',
    });
  });

  it('explains missing names, bad amounts and bad addresses', () => {
    expect(failures({ ...springAppeal, name: '  ' })).toEqual({ name: CAMPAIGN_MESSAGES.nameRequired });
    expect(failures({ ...springAppeal, amounts: [{ amount_minor: 0 }] })).toEqual({
      'amounts.0.amount_minor': 'Enter an amount greater than zero',
    });
    expect(failures({ ...springAppeal, amounts: [{ amount_minor: 12.5 }] })).toEqual({
      'amounts.0.amount_minor': 'Amounts are whole numbers of minor units',
    });
    expect(failures({ ...springAppeal, thank_you_url: 'javascript:alert(1)' })).toEqual({
      thank_you_url: CAMPAIGN_MESSAGES.thankYouUrl,
    });
    expect(failures({ ...springAppeal, image_url: '//evil.example/x.png' })).toEqual({
      image_url: CAMPAIGN_MESSAGES.imageUrl,
    });
    expect(failures({ ...springAppeal, image_url: '/uploads/campaigns/1/hero.jpg' })).toEqual({});
  });
});

describe('campaign URL', () => {
  it('accepts lowercase slugs and lower-cases what is typed', () => {
    expect(ZCampaignUrl.parse('spring-appeal')).toBe('spring-appeal');
    expect(ZCampaignUrl.parse(' Spring-Appeal-2026 ')).toBe('spring-appeal-2026');
  });

  it.each([
    ['ab', CAMPAIGN_URL_MESSAGES.length],
    ['a'.repeat(81), CAMPAIGN_URL_MESSAGES.length],
    ['spring appeal', CAMPAIGN_URL_MESSAGES.format],
    ['-spring', CAMPAIGN_URL_MESSAGES.format],
    ['spring--appeal', CAMPAIGN_URL_MESSAGES.format],
    ['spring_appeal', CAMPAIGN_URL_MESSAGES.format],
    ['login', CAMPAIGN_URL_MESSAGES.reserved],
    ['Dashboard', CAMPAIGN_URL_MESSAGES.reserved],
    ['raise', CAMPAIGN_URL_MESSAGES.reserved],
    ['api', CAMPAIGN_URL_MESSAGES.reserved],
    ['sandbox', CAMPAIGN_URL_MESSAGES.reserved],
  ])('refuses %s', (slug, message) => {
    const result = ZCampaignUrl.safeParse(slug);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('reserves the first segment of every route the app serves', () => {
    for (const word of ['admin', 'console', 'crowdfunding', 'campaign-embed', 'subscriptions', 'pay', 'donation']) {
      expect(RESERVED_CAMPAIGN_URLS.has(word)).toBe(true);
    }
    expect(RESERVED_CAMPAIGN_URLS.has(':campaignurl')).toBe(false);
  });

  it('suggests a slug from the name', () => {
    expect(slugifyCampaignName('Spring Appeal 2026!')).toBe('spring-appeal-2026');
    expect(slugifyCampaignName('  Été   solidaire ')).toBe('ete-solidaire');
  });
});

describe('intervals', () => {
  it('stores one value per interval and reads older spellings', () => {
    expect(parseInterval('one_time')).toBe('once');
    expect(parseInterval('Once-off')).toBe('once');
    expect(parseInterval('Monthly')).toBe('monthly');
    expect(parseInterval('fortnightly')).toBeNull();
    expect(ZGivingInterval.safeParse('fortnightly').success).toBe(false);
  });

  it('shows only the intervals that have presets, in tab order', () => {
    const { amounts } = ZCampaignInput.parse(springAppeal);
    expect(configuredIntervals(amounts)).toEqual(['once', 'monthly']);
    expect(configuredIntervals([{ interval: 'yearly' }, { interval: 'daily' }])).toEqual(['daily', 'yearly']);
    expect(amountsByInterval(amounts).once?.map((a) => a.amount_minor)).toEqual([2500, 5000]);
    expect(amountsByInterval(amounts).weekly).toBeUndefined();
  });
});

describe('form settings', () => {
  it('accepts colours, lengths and layouts, and turns them into CSS variables', () => {
    const settings = ZCampaignSettings.parse({
      theme_color: '#123abc',
      form_max_width: 520,
      form_padding: '12px  24px',
      button_layout: 'two-column',
      font_weight: 600,
      line_height: 1.5,
      unknown_key: 'dropped',
    });
    expect(settings).toEqual({
      theme_color: '#123abc',
      form_max_width: '520px',
      form_padding: '12px 24px',
      button_layout: 'two-column',
      font_weight: '600',
      line_height: 1.5,
    });
    expect(campaignSettingsToCssVars(settings)).toMatchObject({
      '--form-theme-color': '#123abc',
      '--form-form-max-width': '520px',
      '--form-line-height': '1.5',
    });
    expect(campaignSettingsToCssVars({})).toMatchObject({
      '--form-theme-color': '#0ea5e9',
      '--form-form-padding': '28px',
    });
  });

  it('refuses values that could escape a CSS declaration', () => {
    const bad = ZCampaignSettings.safeParse({
      theme_color: 'red; background: url(x)',
      form_padding: '1px}',
      campaign_page_font: 'Arial; } body {',
    });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['theme_color', 'Use a colour like #0ea5e9'],
      ['form_padding', 'Use one to four lengths like 12px 24px'],
      ['campaign_page_font', 'Use font names separated by commas'],
    ]);
    expect(ZCustomCss.safeParse('.x{color:red}</style><script>').error?.issues[0]?.message).toBe(
      'Custom CSS cannot contain the character <',
    );
  });
});
