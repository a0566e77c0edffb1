import type { TPortalGift, TPortalOverview, TPortalPlan } from '@kindling/contracts';

export function overview(overrides: Partial<TPortalOverview> = {}): TPortalOverview {
  return {
    organisation: { name: 'Riverside Food Bank', locale: 'en-US', time_zone: 'UTC' },
    donor: {
      id: 7,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      address: '1 Analytical Way',
      address2: '',
      city: 'London',
      state: '',
      postal_code: 'N1 1AA',
      country: 'GB',
    },
    source: 'link',
    expires_at: '2026-03-01T14:00:00.000Z',
    card_form: { provider: 'sandbox', stripe_publishable_key: null, stripe_account: null },
    statement_years: [2026, 2025],
    statement_available: true,
    ...overrides,
  };
}

export function plan(overrides: Partial<TPortalPlan> = {}): TPortalPlan {
  return {
    id: 9,
    amount_minor: 1000,
    currency: 'USD',
    interval: 'monthly',
    status: 'active',
    failure_reason: null,
    campaign_name: 'Spring appeal',
    provider: 'sandbox',
    payment_method_label: 'Card ending 4242',
    card: { brand: null, last4: '4242', exp_month: null, exp_year: null, expiry: 'unknown' },
    next_charge_at: '2026-04-01T10:00:00.000Z',
    last_charged_at: null,
    started_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function gift(overrides: Partial<TPortalGift> = {}): TPortalGift {
  return {
    id: 31,
    amount_minor: 2500,
    currency: 'USD',
    status: 'succeeded',
    interval: 'once',
    campaign_name: 'Spring appeal',
    designation: null,
    payment_method: 'card',
    receipt_number: '1-000031',
    has_receipt: true,
    recurring_plan_id: null,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
