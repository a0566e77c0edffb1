// A public campaign for the form's tests and the editor's preview stories: two intervals, three
// currencies, presets with descriptions, designations, gift aid and a required question.
import type { TPublicCampaign } from '@kindling/contracts';

export function testCampaign(overrides: Partial<TPublicCampaign> = {}): TPublicCampaign {
  return {
    id: 7,
    campaign_id: 7,
    peer_campaign_id: null,
    peer: null,
    name: 'Spring Appeal',
    campaign_url: 'spring-appeal',
    status: 'active',
    campaign_type: 'donation',
    npo_id: 1,
    npo: 'Riverside Food Bank',
    logo: null,
    currency: 'USD',
    currencies: ['USD', 'EUR', 'GBP'],
    amounts: [
      { id: 1, amount_minor: 2500, interval: 'once', description: 'A week of vegetables', image_url: null },
      { id: 2, amount_minor: 5000, interval: 'once', description: '', image_url: null },
      { id: 3, amount_minor: 1000, interval: 'monthly', description: 'Breakfast every school day', image_url: null },
    ],
    intervals: ['once', 'monthly'],
    user_amount_enable: true,
    include_payment_fees: true,
    gift_aid: true,
    collect_address: true,
    designations: [
      { id: 11, name: 'Fresh produce', description: 'Fruit and vegetables' },
      { id: 12, name: 'Family hampers', description: 'Weekly boxes' },
    ],
    designation_label: 'Where should your gift go?',
    questions: [],
    teams: [],
    team_fundraising: false,
    thank_you_message: '',
    thank_you_url: '',
    call_to_action: 'Fill a family’s shelves',
    description: '',
    image_url: null,
    campaign_settings: {},
    custom_css: '',
    goal_minor: 5_000_000,
    raised_minor: 426_210,
    raised_currency: 'USD',
    donors: 40,
    starts_at: null,
    ends_at: null,
    days_left: null,
    card_enabled: true,
    wallet_enabled: false,
    payment_methods: ['card'],
    card_provider: 'sandbox',
    wallet_provider: null,
    stripe_publishable_key: null,
    stripe_account: null,
    paypal_client_id: null,
    paypal_merchant_id: null,
    paypal_email: null,
    // Custom JS (decision 036).
    custom_js: '',
    ...overrides,
  } as TPublicCampaign;
}

export const WIZARD_QUESTIONS: TPublicCampaign['questions'] = [
  {
    id: 21,
    content: 'How did you hear about us?',
    answer_type: 'dropdown',
    options: ['Friend', 'Radio'],
    response_required: true,
  },
  {
    id: 22,
    content: 'Which topics interest you?',
    answer_type: 'Checkbox',
    options: ['Food', 'Housing'],
    response_required: true,
  },
  { id: 23, content: 'Anything else?', answer_type: 'Text', options: [], response_required: false },
];
