// The sandbox's wallet button and bank-debit form on the donation form: shown in the order
// wallets, bank account, card when the campaign offers them; a wallet gift completes at once, a
// debit is accepted as processing and the thank-you says so.
import { SANDBOX_DEBIT_MESSAGES } from '@kindling/contracts/sandbox-debit-rules.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice, PaymentStepProps } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';

const INTENT = { intent: { id: 'pi_1', client_secret: 'pi_1_secret_x' }, provider: 'sandbox', stripe_account: null };
const DONATION = { id: 7, amount_minor: 2500, currency: 'USD', interval: 'once', status: 'pending' };

const choice = (currency: string): DonationChoice => ({
  interval: 'once',
  currency,
  giftMinor: 2500,
  includedFeesMinor: 0,
  totalMinor: 2500,
  designation: null,
  comment: '',
  answers: {},
  giftAid: false,
  donorWall: {
    add_to_donor_wall: false,
    first_name_only_to_donor_wall: false,
    show_amount_on_donor_wall: false,
    show_comment_on_donor_wall: false,
  },
  createDonorAccount: false,
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function reachPayment(handlers: Parameters<typeof stubFetch>[0], currency = 'USD', methods?: string[]) {
  const stub = stubFetch({ 'POST /npo_admin/intent': { body: INTENT }, ...handlers });
  const props: PaymentStepProps = {
    campaign: testCampaign({
      collect_address: false,
      payment_methods: (methods ?? ['card', 'apple_pay', 'google_pay', 'bank_debit']) as never,
      currencies: ['USD', 'EUR', 'GBP'],
    }),
    choice: choice(currency),
    onDone: vi.fn(),
    onError: vi.fn(),
  };
  render(<PaymentStep {...props} />);
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Lovelace');
  type(/^Email/, 'ada@example.org');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('Card number');
  return { ...stub, props };
}

afterEach(() => vi.unstubAllGlobals());

describe('the sandbox wallet button and bank debits', () => {
  it('shows the wallet first, then the bank account, then the card, and pays with the wallet at once', async () => {
    const { callsTo, props } = await reachPayment({
      'POST /sandbox/payments/pi_1/confirm': { body: { id: 'pi_1', status: 'succeeded', next_action: null } },
      'POST /npo_admin/confirm_payment': {
        body: { status: 'success', donation: { ...DONATION, status: 'succeeded' } },
      },
    });
    const wallet = screen.getByRole('button', { name: 'Pay with Sandbox Pay, $25.00' });
    const bank = screen.getByRole('radio', { name: 'Bank account (ACH)' });
    const card = screen.getByLabelText('Card number');
    expect(wallet.compareDocumentPosition(bank) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bank.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(wallet);
    await waitFor(() => expect(props.onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'success' })));
    expect(callsTo('POST', '/sandbox/payments/pi_1/confirm')[0]?.body).toEqual({
      client_secret: 'pi_1_secret_x',
      wallet: true,
    });
  });

  it('shows the bank’s field messages, then reports a debit accepted as processing', async () => {
    let attempt = 0;
    const { callsTo, props } = await reachPayment({
      'POST /sandbox/payments/pi_1/confirm': () =>
        attempt++ === 0
          ? {
              status: 400,
              body: { message: SANDBOX_DEBIT_MESSAGES.mandate, fields: { mandate: SANDBOX_DEBIT_MESSAGES.mandate } },
            }
          : { body: { id: 'pi_1', status: 'processing', next_action: null } },
      'POST /npo_admin/confirm_payment': { body: { status: 'processing', donation: DONATION } },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Bank account (ACH)' }));
    expect(screen.getByLabelText('Account holder')).toHaveValue('Ada Lovelace');
    type('Routing number', '110000000');
    type('Account number', '000111111113');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    expect(await screen.findByText(SANDBOX_DEBIT_MESSAGES.mandate)).toBeInTheDocument();
    expect(props.onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: /I authorise .* to debit this account once/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Complete Donation' }));
    await waitFor(() => expect(props.onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'processing' })));
    expect(callsTo('POST', '/sandbox/payments/pi_1/confirm')[1]?.body).toMatchObject({
      bank_account: { holder: 'Ada Lovelace', routing: '110000000', account: '000111111113', mandate: true },
    });
  });

  it('offers SEPA in euros with an IBAN, and no bank account in pounds', async () => {
    await reachPayment({}, 'EUR');
    fireEvent.click(screen.getByRole('radio', { name: 'Bank account (SEPA)' }));
    expect(screen.getByLabelText('IBAN')).toBeInTheDocument();
    expect(screen.queryByLabelText('Routing number')).toBeNull();
  });

  it('keeps the plain card form when the campaign offers card only', async () => {
    await reachPayment({}, 'GBP', ['card']);
    expect(screen.queryByRole('button', { name: /Sandbox Pay/ })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
