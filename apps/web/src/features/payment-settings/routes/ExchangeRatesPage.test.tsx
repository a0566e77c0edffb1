import { PAYMENT_SETTINGS_MESSAGES, type TExchangeRatesResponse, type TRoleCode } from '@kindling/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession, signedInSessionIn } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ExchangeRatesPage } from './ExchangeRatesPage.tsx';

afterEach(() => notifications.clean());

const OK = {
  status: 'ok' as const,
  fetched_at: '2026-11-20T16:05:00Z',
  rates_date: '2026-11-20',
  rates_count: 30,
  error: null,
};
const FAILED = {
  status: 'failed' as const,
  fetched_at: '2026-11-21T16:05:00Z',
  rates_date: null,
  rates_count: 0,
  error: 'The source answered HTTP 503.',
};
const EUR_MANUAL = {
  id: 4,
  currency: 'EUR',
  base_currency: 'USD',
  rate: '1.16',
  source: 'manual' as const,
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  created_at: '2026-01-01T00:00:00Z',
};

function data(overrides: Partial<TExchangeRatesResponse> = {}): TExchangeRatesResponse {
  return {
    base_currency: 'USD',
    source_url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
    current: [
      { currency: 'EUR', rate: '1.16000000', source: 'manual', as_of: '2026-01-01' },
      { currency: 'JPY', rate: '0.00781250', source: 'ecb', as_of: '2026-11-20' },
    ],
    manual: [EUR_MANUAL],
    last_fetch: OK,
    last_good_fetch: OK,
    history: [OK],
    ...overrides,
  };
}

const render = (role: TRoleCode = 5150, session = signedInSession(role)) =>
  renderRoutes([{ path: '/exchange-rates', element: <ExchangeRatesPage /> }], {
    initialEntries: ['/exchange-rates'],
    session,
  });

describe('ExchangeRatesPage', () => {
  it('shows the rates in use with their source and date, and the manual rates with their period', async () => {
    stubFetch({ 'GET /payment_settings/exchange_rates': { body: data() } });
    render();
    const current = await screen.findByRole('region', { name: 'Rates in use today' });
    const jpy = within(current).getByRole('row', { name: /JPY/ });
    expect(jpy).toHaveTextContent('European Central Bank');
    expect(jpy).toHaveTextContent('Nov 20, 2026');
    expect(within(current).getByText('Reference rates are up to date')).toBeInTheDocument();
    const manual = screen.getByRole('region', { name: 'Manual rates' });
    expect(within(manual).getByText('1 EUR = 1.16 USD')).toBeInTheDocument();
    expect(within(manual).getByText('Jan 1, 2026 to Dec 31, 2026')).toBeInTheDocument();
  });

  it('writes rates, days, times and counts as a de-DE organisation does, on its clock', async () => {
    stubFetch({ 'GET /payment_settings/exchange_rates': { body: data() } });
    render(5150, signedInSessionIn(5150, 'de-DE', 'Europe/Berlin'));
    const current = await screen.findByRole('region', { name: 'Rates in use today' });
    const jpy = within(current).getByRole('row', { name: /JPY/ });
    expect(jpy).toHaveTextContent('0,0078125');
    expect(jpy).toHaveTextContent('20.11.2026');
    // 16:05 UTC is 17:05 in Berlin.
    expect(within(current).getByText(/fetched 20\.11\.2026, 17:05/)).toBeInTheDocument();
    const manual = screen.getByRole('region', { name: 'Manual rates' });
    expect(within(manual).getByText('1 EUR = 1,16 USD')).toBeInTheDocument();
    expect(within(manual).getByText('01.01.2026 to 31.12.2026')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Fetch history' });
    expect(within(history).getByRole('row', { name: /20\.11\.2026, 17:05/ })).toBeInTheDocument();
  });

  it('says the last fetch failed and which rates stay in use', async () => {
    stubFetch({
      'GET /payment_settings/exchange_rates': { body: data({ last_fetch: FAILED, history: [FAILED, OK] }) },
    });
    render();
    const alert = await screen.findByText('The last fetch failed');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('The source answered HTTP 503.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Gifts still use the last good rates, for Nov 20, 2026');
  });

  it('adds a manual rate, showing the server’s field message when a period overlaps', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        status: 409,
        code: 'CONFLICT',
        message: 'Conflict',
        fields: { valid_from: PAYMENT_SETTINGS_MESSAGES.overlap },
      },
    };
    const stub = stubFetch({
      'GET /payment_settings/exchange_rates': { body: data() },
      'POST /payment_settings/exchange_rates': () => answer,
    });
    render();
    const form = await screen.findByRole('region', { name: 'Add a manual rate' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(await within(form).findByText('Choose a currency.')).toBeInTheDocument();
    expect(stub.callsTo('POST', '/payment_settings/exchange_rates')).toHaveLength(0);

    await userEvent.type(within(form).getAllByLabelText(/^Currency/)[0] as HTMLElement, 'GBP');
    await userEvent.click(await screen.findByRole('option', { name: /^GBP/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Rate/ }), '1.3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(await within(form).findByText(PAYMENT_SETTINGS_MESSAGES.overlap)).toBeInTheDocument();
    expect(stub.callsTo('POST', '/payment_settings/exchange_rates')[0]?.body).toMatchObject({
      currency: 'GBP',
      rate: '1.3',
    });

    answer = {
      status: 201,
      body: data({ manual: [EUR_MANUAL, { ...EUR_MANUAL, id: 5, currency: 'GBP', rate: '1.3' }] }),
    };
    await userEvent.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText('1 GBP = 1.3 USD')).toBeInTheDocument();
  });

  it('shows finance the rates without the form or remove buttons, and an empty state without rates', async () => {
    stubFetch({
      'GET /payment_settings/exchange_rates': {
        body: data({ current: [], manual: [], last_fetch: null, last_good_fetch: null, history: [] }),
      },
    });
    render(2001);
    expect(await screen.findByText('No exchange rates yet.')).toBeInTheDocument();
    expect(screen.getByText('No rates fetched yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a manual rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fetch now' })).toBeNull();
  });

  it('offers a retry when loading fails', async () => {
    const stub = stubFetch({ 'GET /payment_settings/exchange_rates': 'network-error' });
    render();
    expect(await screen.findByText('Exchange rates could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stub.callsTo('GET', '/payment_settings/exchange_rates').length).toBeGreaterThan(1));
  });
});
