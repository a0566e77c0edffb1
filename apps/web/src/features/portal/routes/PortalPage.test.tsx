import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { gift, overview, plan } from '../portal.test-support.ts';
import { PortalPage } from './PortalPage.tsx';

const routes = [
  { path: '/portal', element: <PortalPage /> },
  { path: '/portal/:token', element: <PortalPage /> },
];
const render = (entry: string) => renderRoutes(routes, { initialEntries: [entry] });

describe('PortalPage (e-mail link)', () => {
  it('exchanges the token, drops it from the address and shows plans, gifts and receipts', async () => {
    const api = stubFetch({
      'GET /portal/session': { body: { active: false } },
      'POST /portal/session': { body: overview() },
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans': { body: { plans: [plan()] } },
      'GET /portal/donations': { body: { gifts: [gift()] } },
      'GET /portal/memberships': {
        body: {
          memberships: [
            {
              id: 4,
              tier: 'Household',
              status: 'active',
              period_end: '2027-01-31T12:00:00.000Z',
              card_path: '/member-card/mc1.4.9.sig',
            },
          ],
        },
      },
    });
    const { router } = render('/portal/p1.1.7.999.sig');
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/portal/session')[0]?.body).toEqual({ token: 'p1.1.7.999.sig' });
    expect(router.state.location.pathname).toBe('/portal');
    // The member opens their card from the portal (docs/product/memberships.md#member-card).
    const memberships = await screen.findByRole('list', { name: 'Your memberships' });
    expect(within(memberships).getByText('Valid until Jan 31, 2027')).toBeInTheDocument();
    expect(within(memberships).getByRole('link', { name: 'Open the Household member card' })).toHaveAttribute(
      'href',
      '/member-card/mc1.4.9.sig',
    );
    const plans = await screen.findByRole('list', { name: 'Recurring donations' });
    expect(within(plans).getByText('$10.00 monthly')).toBeInTheDocument();
    expect(within(plans).getByText(/Card ending 4242/)).toBeInTheDocument();
    const receipt = await screen.findByRole('link', { name: /Receipt/ });
    expect(receipt).toHaveAttribute('href', '/api/v1/portal/donations/31/receipt');
    expect(screen.getByRole('link', { name: /Download statement/ })).toHaveAttribute(
      'href',
      '/api/v1/portal/statement?year=2026',
    );
  });

  it('says plainly when the link expired', async () => {
    stubFetch({
      'GET /portal/session': { body: { active: false } },
      'POST /portal/session': {
        status: 401,
        body: { status: 401, code: 'UNAUTHENTICATED', message: 'This link has expired.' },
      },
    });
    render('/portal/p1.1.7.1.sig');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
  });

  it('changes a plan’s amount and shows the new amount', async () => {
    let current = plan();
    const api = stubFetch({
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans/9': () => ({ body: { plan: current } }),
      'PATCH /portal/plans/9': (call) => {
        current = { ...current, amount_minor: (call.body as { amount_minor: number }).amount_minor };
        return { body: { plan: current } };
      },
    });
    render('/portal?plan=9&edit=1');
    const amount = await screen.findByLabelText('Amount (USD)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your recurring donation was updated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/portal/plans/9')[0]?.body).toEqual({ amount_minor: 2500 });
    expect(await screen.findByText('$25.00 monthly')).toBeInTheDocument();
  });

  it('refuses an unreadable amount without calling the server', async () => {
    const api = stubFetch({
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans/9': { body: { plan: plan() } },
    });
    render('/portal?plan=9&edit=1');
    const amount = await screen.findByLabelText('Amount (USD)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('USD amounts have at most 2 decimals')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/portal/plans/9')).toHaveLength(0);
  });

  it('saves a new sandbox card for all plans when the box is ticked', async () => {
    const api = stubFetch({
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans/9': { body: { plan: plan() } },
      'POST /portal/plans/9/card_setup': {
        body: { setup: { id: 'seti_sandbox_1', client_secret: 'seti_sandbox_1_secret_x', provider: 'sandbox' } },
      },
      'POST /sandbox/payments/seti_sandbox_1/confirm': {
        body: { id: 'seti_sandbox_1', status: 'succeeded', amount_minor: 0, currency: 'USD', next_action: null },
      },
      'POST /portal/card_setup/complete': { body: { plans: [plan(), plan({ id: 10 })] } },
    });
    render('/portal?plan=9');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Use this card for all my recurring donations' }),
    );
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('The new card is used for 2 recurring donations.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/sandbox/payments/seti_sandbox_1/confirm')[0]?.body).toMatchObject({
      client_secret: 'seti_sandbox_1_secret_x',
      card_number: '4242424242424242',
    });
    expect(api.callsTo('POST', '/portal/card_setup/complete')[0]?.body).toEqual({
      setup_id: 'seti_sandbox_1',
      plan_id: 9,
      apply_to_all: true,
    });
  });

  it('finishes the card change when the donor comes back from the bank’s 3-D Secure page, once', async () => {
    const stripeForm = {
      card_form: { provider: 'stripe' as const, stripe_publishable_key: 'pk_test_x', stripe_account: 'acct_1' },
    };
    const saved = plan({
      payment_method_label: 'Visa ending 3220, expires 02/2030',
      card: { brand: 'visa', last4: '3220', exp_month: 2, exp_year: 2030, expiry: 'valid' },
    });
    const api = stubFetch({
      'GET /portal/overview': { body: overview(stripeForm) },
      'GET /portal/plans/9': { body: { plan: saved } },
      'POST /portal/card_setup/complete': { body: { plans: [saved, plan({ id: 10 })] } },
    });
    const { router } = render(
      '/portal?plan=9&card_plan=9&apply_all=1&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret&redirect_status=succeeded',
    );
    expect(await screen.findByText('The new card is used for 2 recurring donations.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/portal/card_setup/complete')).toEqual([
      expect.objectContaining({ body: { setup_id: 'seti_1', plan_id: 9, apply_to_all: true } }),
    ]);
    // No new card setup, no form again; the return's parameters leave the address.
    expect(api.callsTo('POST', '/portal/plans/9/card_setup')).toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'New card' })).not.toBeInTheDocument();
    expect(screen.getByText(/Charged to: Visa ending 3220/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?plan=9'));
    expect(api.callsTo('POST', '/portal/card_setup/complete')).toHaveLength(1);
  });

  it('says why when the card came back from the bank not saved', async () => {
    stubFetch({
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans/9': { body: { plan: plan() } },
      'POST /portal/card_setup/complete': {
        status: 409,
        body: { status: 409, code: 'CONFLICT', message: 'We are unable to authenticate your payment method.' },
      },
    });
    render('/portal?plan=9&card_plan=9&apply_all=0&setup_intent=seti_2&redirect_status=failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(await screen.findByRole('button', { name: 'Use a new card' })).toBeInTheDocument();
  });

  it('marks a plan whose card expires soon or has expired', async () => {
    stubFetch({
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans': {
        body: {
          plans: [
            plan({ card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2026, expiry: 'expiring' } }),
            plan({ id: 10, card: { brand: 'visa', last4: '1111', exp_month: 1, exp_year: 2020, expiry: 'expired' } }),
          ],
        },
      },
      'GET /portal/donations': { body: { gifts: [] } },
    });
    render('/portal');
    const plans = await screen.findByRole('list', { name: 'Recurring donations' });
    const [first, second] = within(plans).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('Card expires soon')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Card expired')).toBeInTheDocument();
  });

  it('keeps the sandbox card’s expiry through the bank’s extra confirmation', async () => {
    let confirms = 0;
    const api = stubFetch({
      'GET /portal/overview': { body: overview() },
      'GET /portal/plans/9': { body: { plan: plan() } },
      'POST /portal/plans/9/card_setup': {
        body: { setup: { id: 'seti_sandbox_2', client_secret: 'seti_sandbox_2_secret_x', provider: 'sandbox' } },
      },
      'POST /sandbox/payments/seti_sandbox_2/confirm': () => {
        confirms += 1;
        return confirms === 1
          ? { body: { status: 'requires_action', next_action: { type: 'sandbox_extra_confirmation' } } }
          : { body: { status: 'succeeded', next_action: null } };
      },
      'POST /portal/card_setup/complete': { body: { plans: [plan()] } },
    });
    render('/portal?plan=9');
    await userEvent.type(await screen.findByLabelText('Card number'), '4000002500003155');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '0831');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    const bank = await screen.findByRole('dialog', { name: 'Confirm this card' });
    await userEvent.click(within(bank).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The new card is saved.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/sandbox/payments/seti_sandbox_2/confirm')[1]?.body).toEqual({
      client_secret: 'seti_sandbox_2_secret_x',
      card_number: '4000002500003155',
      exp: '08/31',
      cvc: '123',
      action_confirmed: true,
    });
  });
});
