import { DONATION_METHOD_LABELS, type TMethodsResponse, type TRoleCode, WALLETS_NEED_CARD } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PaymentMethodsPage } from './PaymentMethodsPage.tsx';

afterEach(() => notifications.clean());

const METHODS = ['card', 'apple_pay', 'google_pay', 'bank_debit', 'paypal'] as const;

function data(enabled: string[] = ['card', 'paypal'], campaigns: TMethodsResponse['campaigns'] = []): TMethodsResponse {
  return {
    methods: METHODS.map((method) => ({
      method,
      label: DONATION_METHOD_LABELS[method],
      provider: method === 'paypal' ? 'paypal' : 'stripe',
      currencies: method === 'bank_debit' ? ['USD', 'EUR'] : ['USD', 'EUR', 'GBP'],
      enabled: enabled.includes(method),
    })),
    campaigns,
  };
}

const render = (role: TRoleCode = 5150) =>
  renderRoutes([{ path: '/stripe-methods', element: <PaymentMethodsPage /> }], {
    initialEntries: ['/stripe-methods'],
    session: signedInSession(role),
  });

describe('PaymentMethodsPage', () => {
  it('shows each method with its provider and currencies, and saves the choice', async () => {
    const stub = stubFetch({
      'GET /payment_settings/methods': { body: data() },
      'PUT /payment_settings/methods': { body: data(['card', 'bank_debit', 'paypal']) },
    });
    render();
    const bank = await screen.findByRole('checkbox', { name: 'Bank debit (ACH, SEPA)' });
    expect(bank).not.toBeChecked();
    expect(screen.getByText('USD (ACH), EUR (SEPA)')).toBeInTheDocument();
    await userEvent.click(bank);
    await userEvent.click(screen.getByRole('button', { name: 'Save methods' }));
    await waitFor(() => expect(stub.callsTo('PUT', '/payment_settings/methods')).toHaveLength(1));
    expect(stub.callsTo('PUT', '/payment_settings/methods')[0]?.body).toEqual({
      methods: ['card', 'bank_debit', 'paypal'],
    });
    expect(await screen.findByText('Payment methods saved.')).toBeInTheDocument();
  });

  it('shows the server’s field message and keeps the choice', async () => {
    stubFetch({
      'GET /payment_settings/methods': { body: data() },
      'PUT /payment_settings/methods': {
        status: 400,
        body: { status: 400, code: 'VALIDATION_FAILED', message: 'Invalid', fields: { methods: WALLETS_NEED_CARD } },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Card' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Apple Pay' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save methods' }));
    expect(await screen.findByText(WALLETS_NEED_CARD)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Apple Pay' })).toBeChecked();
  });

  it('gives a campaign its own methods and sends it back to the organisation’s', async () => {
    const spring = { id: 7, name: 'Spring Appeal', status: 'active', methods: null };
    const stub = stubFetch({
      'GET /payment_settings/methods': { body: data(['card', 'paypal'], [spring]) },
      'PUT /payment_settings/campaigns/7/methods': {
        body: data(['card', 'paypal'], [{ ...spring, methods: ['card'] }]),
      },
      'DELETE /payment_settings/campaigns/7/methods': { body: data(['card', 'paypal'], [spring]) },
    });
    render();
    const overrides = await screen.findByRole('region', { name: 'Campaign overrides' });
    expect(within(overrides).getByText('Follows the organisation')).toBeInTheDocument();
    await userEvent.click(within(overrides).getByRole('button', { name: 'Choose methods for Spring Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment methods for Spring Appeal' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'PayPal' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save for this campaign' }));
    await waitFor(() =>
      expect(stub.callsTo('PUT', '/payment_settings/campaigns/7/methods')[0]?.body).toEqual({ methods: ['card'] }),
    );
    await waitFor(() => expect(within(overrides).getByRole('cell', { name: 'Card' })).toBeInTheDocument());
    await userEvent.click(within(overrides).getByRole('button', { name: 'Spring Appeal follows the organisation' }));
    await waitFor(() => expect(within(overrides).getByText('Follows the organisation')).toBeInTheDocument());
  });

  it('is read-only for finance, and says when the methods cannot be loaded', async () => {
    stubFetch({ 'GET /payment_settings/methods': { body: data() } });
    render(2001);
    expect(await screen.findByRole('checkbox', { name: 'Card' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save methods' })).toBeNull();
    expect(screen.getByText('Only organisation admins can change payment methods.')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    stubFetch({
      'GET /payment_settings/methods': {
        status: 500,
        body: { status: 500, code: 'INTERNAL', message: 'Server error' },
      },
    });
    render();
    expect(await screen.findByText('Payment methods could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
