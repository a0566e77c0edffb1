import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice, PaymentStepProps } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';

type ButtonOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
};

// PayPal's script stands in here: the buttons' handlers are captured and called as PayPal would.
const paypal = vi.hoisted(() => ({
  options: null as ButtonOptions | null,
  loadScript: vi.fn(),
}));
vi.mock('@paypal/paypal-js', () => ({ loadScript: paypal.loadScript }));
paypal.loadScript.mockImplementation(async () => ({
  Buttons: (options: ButtonOptions) => {
    paypal.options = options;
    return { render: vi.fn(async () => undefined), close: vi.fn() };
  },
}));

const choice: DonationChoice = {
  interval: 'once',
  currency: 'EUR',
  giftMinor: 2500,
  includedFeesMinor: 0,
  totalMinor: 2500,
  designation: 12,
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
};

const livePayPal = testCampaign({
  wallet_enabled: true,
  wallet_provider: 'paypal',
  paypal_client_id: 'client-abc',
  paypal_merchant_id: 'MERCHANT1',
  paypal_email: 'funds@riverside.example',
});

afterEach(() => vi.unstubAllGlobals());

describe('real PayPal buttons', () => {
  it('load for the currency, create the order through our server and capture it once', async () => {
    let release: (value: { body: unknown }) => void = () => undefined;
    const held = new Promise<{ body: unknown }>((resolve) => {
      release = resolve;
    });
    const { callsTo } = stubFetch({
      'POST /npo_admin/create_order': { body: { order_id: 'ORDER-9', id: 'ORDER-9', approve_url: null } },
      'POST /npo_admin/paypal_capture': () => held,
    });
    const props: PaymentStepProps = { campaign: livePayPal, choice, onDone: vi.fn(), onError: vi.fn() };
    render(<PaymentStep {...props} />);
    await waitFor(() => expect(paypal.options).not.toBeNull());
    expect(paypal.loadScript).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: 'client-abc', merchantId: 'MERCHANT1', currency: 'EUR', intent: 'capture' }),
    );
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).not.toBeInTheDocument();

    const options = paypal.options as ButtonOptions;
    await expect(options.createOrder()).resolves.toBe('ORDER-9');
    expect(callsTo('POST', '/npo_admin/create_order')[0]?.body).toMatchObject({ amount: 2500, currency_code: 'EUR' });

    // A second approval while the first capture is running sends nothing more.
    const first = options.onApprove({ orderID: 'ORDER-9' });
    await options.onApprove({ orderID: 'ORDER-9' });
    await act(async () => {
      release({
        body: { status: 'success', donation: { id: 1, amount_minor: 2500, currency: 'EUR', interval: 'once' } },
      });
      await first;
    });
    expect(callsTo('POST', '/npo_admin/paypal_capture')).toHaveLength(1);
    expect(callsTo('POST', '/npo_admin/paypal_capture')[0]?.body).toMatchObject({
      order_id: 'ORDER-9',
      designation: 12,
    });
    expect(props.onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'success', totalMinor: 2500 }));
  });
});
