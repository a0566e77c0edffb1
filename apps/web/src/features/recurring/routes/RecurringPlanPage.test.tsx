import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { planDetail } from '../test-support.ts';
import { RecurringPlanPage } from './RecurringPlanPage.tsx';

const URL = '/npo_admin/recurring_plans/5';

const render = (code: 5150 | 1984 = 5150) =>
  renderRoutes([{ path: '/dashboard/recurring-plan/:id', element: <RecurringPlanPage /> }], {
    initialEntries: ['/dashboard/recurring-plan/5'],
    session: signedInSession(code),
  });

const pastDue = planDetail(5, {
  status: 'past_due',
  failed_attempts: 1,
  retries_left: 4,
  next_charge_at: '2031-03-01T10:00:00.000Z',
  charges: [
    {
      kind: 'attempt',
      id: 9,
      amount_minor: 2500,
      currency: 'USD',
      status: 'failed',
      failure_message: 'Your card was declined.',
      receipt_number: null,
      provider_reference: 'ch_sandbox_9',
      created_at: '2031-02-28T10:00:00.000Z',
    },
    ...planDetail(5).charges,
  ],
});

describe('RecurringPlanPage', () => {
  it('dates the plan on the organisation\u2019s calendar and writes amounts in its locale', async () => {
    // 07:30 UTC on 15 February is 11.30 pm on the 14th in Los Angeles, where the plan is due.
    stubFetch({
      [`GET ${URL}`]: { body: { plan: planDetail(5, { next_charge_at: '2031-02-15T07:30:00.000Z' }) } },
      'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
    });
    const npo = {
      id: 1,
      name: 'Pacific',
      logo: null,
      base_currency: 'USD',
      time_zone: 'America/Los_Angeles',
      locale: 'en-GB',
    };
    renderRoutes([{ path: '/dashboard/recurring-plan/:id', element: <RecurringPlanPage /> }], {
      initialEntries: ['/dashboard/recurring-plan/5'],
      session: { ...signedInSession(5150), npo },
    });
    expect(await screen.findByText('14 Feb 2031')).toBeInTheDocument();
    expect(screen.getAllByText(/US\$25\.00/).length).toBeGreaterThan(0);
    cleanup();
  });

  it('shows a past-due plan with the decline, the retries left and its charge history', async () => {
    stubFetch({
      [`GET ${URL}`]: { body: { plan: pastDue } },
      'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
    });
    render();
    expect(
      await screen.findByRole('heading', { name: 'Grace Hopper 5: $25.00 a month', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The last charge failed')).toBeInTheDocument();
    expect(screen.getByText(/4 retries left/)).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Charge history' });
    expect(within(history).getByRole('row', { name: /Your card was declined/ })).toHaveTextContent('Failed');
    expect(within(history).getByRole('link', { name: 'Receipt 1-000077' })).toHaveAttribute(
      'href',
      '/dashboard/donation/77',
    );
  });

  it('retries now and shows what came of it', async () => {
    const fetchStub = stubFetch({
      [`GET ${URL}`]: { body: { plan: pastDue } },
      'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
      [`POST ${URL}/retry`]: {
        body: { outcome: 'charged', message: 'The charge went through.', plan: planDetail(5) },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('The charge went through.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST', `${URL}/retry`)).toHaveLength(1);
  });

  it('changes the amount in major units and shows the server message per field', async () => {
    const fetchStub = stubFetch({
      [`GET ${URL}`]: { body: { plan: planDetail(5) } },
      'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
      [`PATCH ${URL}`]: ({ body }) =>
        (body as { amount_minor?: number }).amount_minor === 100
          ? {
              status: 400,
              body: {
                status: 400,
                code: 'VALIDATION_FAILED',
                message: 'Invalid',
                fields: { amount_minor: 'Too small for this card' },
              },
            }
          : { body: { plan: planDetail(5, { amount_minor: 4250 }) } },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount each time/ });
    await user.clear(amount);
    await user.type(amount, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too small for this card')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '42.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchStub.callsTo('PATCH', URL).at(-1)?.body).toEqual({ amount_minor: 4250 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change plan' })).not.toBeInTheDocument());
  });

  it('pauses only after confirmation', async () => {
    const fetchStub = stubFetch({
      [`GET ${URL}`]: { body: { plan: planDetail(5) } },
      'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
      [`POST ${URL}/pause`]: { body: { plan: planDetail(5, { status: 'paused' }) } },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this plan?' });
    expect(fetchStub.callsTo('POST', `${URL}/pause`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pause plan' }));
    await waitFor(() => expect(fetchStub.callsTo('POST', `${URL}/pause`)).toHaveLength(1));
  });

  it('offers no changes to a dashboard-only role, and says when the plan is not found', async () => {
    stubFetch({
      [`GET ${URL}`]: { body: { plan: pastDue } },
      'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
    });
    const { unmount } = render(1984);
    await screen.findByRole('table', { name: 'Charge history' });
    expect(screen.queryByRole('button', { name: 'Retry now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    unmount();
    stubFetch({
      [`GET ${URL}`]: { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'Recurring plan not found.' } },
    });
    render();
    expect(await screen.findByText('Recurring plan not found')).toBeInTheDocument();
  });

  describe('the payment method', () => {
    const showPlan = async (overrides: Parameters<typeof planDetail>[1]) => {
      stubFetch({
        [`GET ${URL}`]: { body: { plan: planDetail(5, overrides) } },
        'GET /npo_admin/recurring_plans/5/notes': { body: { notes: [] } },
      });
      render();
      const label = await screen.findByText('Payment method');
      return label.parentElement as HTMLElement;
    };

    it('shows the card’s brand, last four and expiry, with no badge while it is valid', async () => {
      const fact = await showPlan({
        provider: 'stripe',
        card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031, expiry: 'valid' },
      });
      expect(fact).toHaveTextContent('Visa •••• ending 4242');
      expect(fact).toHaveTextContent('Expires 08/2031');
      expect(fact).toHaveTextContent('via Stripe');
      expect(within(fact).queryByText(/Card expires soon|Card expired/)).not.toBeInTheDocument();
    });

    it('says when the card expires soon or has expired', async () => {
      const soon = await showPlan({
        card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2031, expiry: 'expiring' },
      });
      expect(within(soon).getByText('Card expires soon')).toBeInTheDocument();
      cleanup();
      const gone = await showPlan({
        card: { brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2031, expiry: 'expired' },
      });
      expect(within(gone).getByText('Card expired')).toBeInTheDocument();
      expect(gone).toHaveTextContent('Expired 01/2031');
    });

    it('says "No card on file" with no saved method, PayPal for a vault token, and a card not described yet', async () => {
      expect(await showPlan({ payment_method_id: null, card: null, status: 'failed' })).toHaveTextContent(
        'No card on file',
      );
      cleanup();
      const paypal = await showPlan({ provider: 'paypal', payment_method_id: 'vault_1', card: null });
      expect(within(paypal).getAllByText(/PayPal/)).toHaveLength(2);
      expect(paypal).not.toHaveTextContent(/card/i);
      cleanup();
      expect(await showPlan({ card: null })).toHaveTextContent('Card details not known yet');
    });
  });
});
