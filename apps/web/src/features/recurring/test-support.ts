import type { TRecurringPlanDetail, TRecurringPlanListResponse, TRecurringPlanSummary } from '@kindling/contracts';

/** A list row as the server sends it. */
export function planItem(id: number, overrides: Partial<TRecurringPlanSummary> = {}): TRecurringPlanSummary {
  return {
    id,
    donor: { id: 100 + id, first_name: 'Grace', last_name: `Hopper ${id}`, email: `grace${id}@example.org` },
    amount_minor: 2500,
    currency: 'USD',
    interval: 'monthly',
    status: 'active',
    failure_reason: null,
    provider: 'sandbox',
    campaign_id: 3,
    campaign_name: 'Spring Appeal',
    next_charge_at: '2031-03-31T10:00:00.000Z',
    last_charged_at: '2031-02-28T10:00:00.000Z',
    failed_attempts: 0,
    started_at: '2031-01-31T10:00:00.000Z',
    ...overrides,
  };
}

export function planListOf(
  plans: TRecurringPlanSummary[],
  overrides: Partial<TRecurringPlanListResponse> = {},
): TRecurringPlanListResponse {
  return {
    plans,
    total: plans.length,
    page: 1,
    per_page: 25,
    counts: { active: plans.length, paused: 0, past_due: 0, cancelled: 0 },
    mrr: { amount_minor: 1_118_542, currency: 'USD', past_due_minor: 2000, plans: plans.length },
    ...overrides,
  };
}

export function planDetail(id: number, overrides: Partial<TRecurringPlanDetail> = {}): TRecurringPlanDetail {
  return {
    ...planItem(id),
    fee_covered_minor: 0,
    payment_method_id: 'pm_sandbox_abc',
    card: { brand: null, last4: '4242', exp_month: 12, exp_year: 2034, expiry: 'valid' },
    paused_at: null,
    cancelled_at: null,
    past_due_since: null,
    retries_left: 0,
    first_donation_id: 77,
    charges: [
      {
        kind: 'donation',
        id: 77,
        amount_minor: 2500,
        currency: 'USD',
        status: 'succeeded',
        failure_message: null,
        receipt_number: '1-000077',
        provider_reference: 'pi_sandbox_1',
        created_at: '2031-01-31T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}
