import type { TDonorDetail, TDonorSummary } from '@kindling/contracts';

export const GIVING_YEAR = { fiscal_year_start_month: 1, current_year: 2026, current_label: '2026' };

export function summary(id: number, overrides: Partial<TDonorSummary> = {}): TDonorSummary {
  return {
    id,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace${id}@example.org`,
    postal_code: 'AB1 2CD',
    lifetime_total_minor: 12_345,
    currency: 'USD',
    gift_count: 3,
    first_gift_at: '2024-02-01T10:00:00.000Z',
    last_gift_at: '2026-03-04T10:00:00.000Z',
    recurring_status: 'none',
    lybunt: false,
    sybunt: false,
    ...overrides,
  };
}

export function detail(id: number, overrides: Partial<TDonorDetail> = {}): TDonorDetail {
  const s = summary(id);
  return {
    profile: {
      id,
      first_name: s.first_name,
      last_name: s.last_name,
      email: s.email,
      address: '1 High Street',
      address2: '',
      city: 'London',
      state: '',
      postal_code: 'AB1 2CD',
      country: 'GB',
      created_at: '2024-02-01T10:00:00.000Z',
    },
    summary: s,
    timeline: [
      {
        kind: 'refund',
        at: '2026-03-05T10:00:00.000Z',
        amount_minor: -500,
        currency: 'USD',
        donation_id: 11,
        plan_id: null,
        detail: 'Refund',
      },
      {
        kind: 'donation',
        at: '2026-03-04T10:00:00.000Z',
        amount_minor: 2500,
        currency: 'USD',
        donation_id: 11,
        plan_id: null,
        detail: 'Spring appeal · once',
      },
    ],
    plans: [
      {
        id: 9,
        status: 'active',
        amount_minor: 1000,
        currency: 'USD',
        interval: 'monthly',
        campaign_name: 'Spring appeal',
        next_charge_at: '2026-04-04T10:00:00.000Z',
        started_at: '2025-04-04T10:00:00.000Z',
      },
    ],
    gift_aid_declarations: [],
    duplicates: [],
    giving_year: GIVING_YEAR,
    statement_years: [2026, 2025, 2024],
    ...overrides,
  };
}
