import type { StaffCampaignResponse } from './api/campaigns.queries.ts';

type Staff = StaffCampaignResponse['campaign'];

/** GET /npo_admin/campaigns/{id} as the server answers the organisation's staff (ZStaffCampaign). */
export function staffCampaign(id: number, overrides: Partial<Staff> = {}): StaffCampaignResponse {
  const campaign: Staff = {
    id,
    npo_id: 1,
    npo: 'Organisation 1',
    logo: null,
    editable: true,
    name: `Campaign ${id}`,
    campaign_url: `campaign-${id}`,
    status: 'draft',
    campaign_type: 'donation',
    goal_minor: null,
    starts_at: null,
    ends_at: null,
    currency: 'USD',
    currencies: ['USD'],
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
    raised_minor: 0,
    raised_currency: 'USD',
    donors: 0,
    donations_count: 0,
    owner_user_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    card_enabled: true,
    wallet_enabled: true,
    card_provider: 'sandbox',
    wallet_provider: 'sandbox',
    // faults15: amount limits (decision 035)
    max_amount_minor: null,
    ...overrides,
  };
  return { campaign };
}
