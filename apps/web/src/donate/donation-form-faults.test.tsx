// Faults donors hit on the public form: an optional question that traps them, details lost on the
// way back from payment, PayPal pre-selected without its merchant, limits on the typed amount.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { DonationForm } from './DonationForm.tsx';
import { testCampaign } from './test-campaign.ts';

afterEach(() => vi.unstubAllGlobals());

const INTENT = (id: string) => ({
  intent: { id, client_secret: `${id}_secret_x` },
  provider: 'sandbox',
  stripe_account: null,
});

describe('optional questions', () => {
  it('lets the donor skip an optional dropdown and radio question to reach a required one', async () => {
    const user = userEvent.setup();
    render(
      <DonationForm
        preview
        campaign={testCampaign({
          questions: [
            {
              id: 1,
              content: 'Your region?',
              answer_type: 'dropdown',
              options: ['North', 'South'],
              response_required: false,
            },
            {
              id: 2,
              content: 'Your age band?',
              answer_type: 'Radio',
              options: ['Under 30', '30+'],
              response_required: false,
            },
            { id: 3, content: 'Your employer?', answer_type: 'Text', options: [], response_required: true },
          ],
        })}
      />,
    );
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });
});

describe('the default payment method', () => {
  // Without the monthly upsell (tested in conversion/), Continue leads straight to payment.
  const both = {
    wallet_enabled: true,
    wallet_provider: 'sandbox' as const,
    card_enabled: true,
    campaign_settings: { upsell_monthly: false },
  };

  it('is card when the campaign lacks the PayPal merchant id or e-mail, even with the sandbox wallet', async () => {
    const user = userEvent.setup();
    render(<DonationForm preview campaign={testCampaign({ ...both, paypal_email: 'give@example.org' })} />);
    await user.click(screen.getByRole('button', { name: /^\$25/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('tab', { name: 'Card/Direct Debit' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is PayPal when the campaign has both', async () => {
    const user = userEvent.setup();
    const campaign = testCampaign({ ...both, paypal_merchant_id: 'M1', paypal_email: 'give@example.org' });
    render(<DonationForm preview campaign={campaign} />);
    await user.click(screen.getByRole('button', { name: /^\$25/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('tab', { name: 'PayPal' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('going back from payment', () => {
  it('keeps the donor’s details and chosen tab, and updates the intent when the amount changes', async () => {
    let made = 0;
    const { callsTo } = stubFetch({
      'POST /npo_admin/intent': (call) => {
        const body = call.body as { intent_id?: string };
        return { body: INTENT(body.intent_id ?? `pi_${++made}`) };
      },
    });
    const user = userEvent.setup();
    const campaign = testCampaign({
      campaign_settings: { upsell_monthly: false },
      collect_address: false,
      wallet_enabled: true,
      wallet_provider: 'sandbox',
      paypal_merchant_id: 'M1',
      paypal_email: 'give@example.org',
    });
    render(<DonationForm campaign={campaign} />);
    await user.click(screen.getByRole('button', { name: /^\$25/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(await screen.findByRole('tab', { name: 'Card/Direct Debit' }));
    fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.org' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(callsTo('POST', '/npo_admin/intent')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: /Back to step 1/ }));
    await user.click(screen.getByRole('button', { name: /\$25 Once-off, selected\. Change amount/ }));
    await user.click(screen.getByRole('button', { name: /^\$50/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(screen.getByRole('tab', { name: 'Card/Direct Debit' })).toHaveAttribute('aria-selected', 'true');
    const details = screen.getByRole('form', { name: 'Your details' });
    expect(within(details).getByLabelText(/^First Name/)).toHaveValue('Ada');
    expect(within(details).getByLabelText(/^Email/)).toHaveValue('ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(callsTo('POST', '/npo_admin/intent')).toHaveLength(2));
    const second = callsTo('POST', '/npo_admin/intent')[1]?.body as { intent_id?: string; amount: number };
    expect(second).toMatchObject({ intent_id: 'pi_1', amount: 5000 });
    expect(made).toBe(1);
  });
});

describe('the typed amount and presets per currency', () => {
  const campaign = testCampaign({
    currencies: ['USD', 'EUR', 'JPY'],
    amount_limits: {
      USD: { min_minor: 50, max_minor: 100_000 },
      JPY: { min_minor: 50, max_minor: 150_000 },
    },
    currency_amounts: {
      JPY: [
        { id: 1, amount_minor: 5000 },
        { id: 2, amount_minor: 10000 },
      ],
    },
  });
  const amountField = () => screen.getByLabelText('Or enter your own amount');

  it('refuses $0.01 and more than the maximum with the limit in that currency', async () => {
    const user = userEvent.setup();
    render(<DonationForm preview campaign={campaign} />);
    await user.type(amountField(), '0.01');
    expect(screen.getByText('The smallest donation in USD is $0.50.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
    await user.clear(amountField());
    await user.type(amountField(), '1000.01');
    expect(screen.getByText('The largest donation in USD is $1,000.')).toBeInTheDocument();
    await user.clear(amountField());
    await user.type(amountField(), '1000');
    expect(screen.queryByText(/The largest donation/)).toBeNull();
  });

  it('shows the converted presets when the donor switches currency, and the yen limit', async () => {
    const user = userEvent.setup();
    render(<DonationForm preview campaign={campaign} />);
    await user.click(screen.getByRole('button', { name: 'Currency: USD' }));
    await user.click(screen.getByRole('option', { name: /JPY/ }));
    expect(screen.getByRole('button', { name: /^¥5,000/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^¥25\b/ })).toBeNull();
    await user.type(amountField(), '99999999999');
    expect(screen.getByText('The largest donation in JPY is ¥150,000.')).toBeInTheDocument();
  });

  it('writes amounts in the organisation’s locale', async () => {
    const user = userEvent.setup();
    render(<DonationForm preview campaign={testCampaign({ locale: 'de-DE', currency: 'EUR', currencies: ['EUR'] })} />);
    expect(screen.getByRole('button', { name: /^25\s?€/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^25\s?€/ }));
    expect(document.querySelector('.kd-summary strong')?.textContent).toMatch(/^25,00\s?€$/);
  });
});
