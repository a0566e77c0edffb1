// A PayPal gift to a campaign that collects the billing address asks for it, as the card tab does,
// and sends it with the order and (kept for the return) with the capture that records the gift.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';
import { takePending } from './return-params.ts';

const choice: DonationChoice = {
  interval: 'once',
  currency: 'USD',
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
};
const wallet = {
  wallet_enabled: true,
  card_enabled: true,
  wallet_provider: 'sandbox' as const,
  paypal_merchant_id: 'MERCHANT1',
  paypal_email: 'give@example.org',
};
const renderPayPal = (collect_address: boolean) =>
  render(
    <PaymentStep
      campaign={testCampaign({ ...wallet, collect_address })}
      choice={choice}
      onDone={vi.fn()}
      onError={vi.fn()}
    />,
  );
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('the PayPal tab of a campaign that collects the billing address', () => {
  it('asks for the address only (PayPal gives the name and e-mail) and sends it with the order and the capture', async () => {
    const { callsTo } = stubFetch({
      'POST /npo_admin/create_order': {
        body: { order_id: 'ORDER-7', id: 'ORDER-7', approve_url: '/sandbox/paypal/approve?token=ORDER-7' },
      },
    });
    renderPayPal(true);
    expect(screen.getByRole('group', { name: 'Billing Address' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First Name/)).not.toBeInTheDocument();
    type(/^Address \(optional\)/, '1 Main Street');
    type(/^City/, 'Springfield');
    type(/^Postcode/, '12345');
    type(/^Country/, 'United States');
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(callsTo('POST', '/npo_admin/create_order')).toHaveLength(1));
    expect(callsTo('POST', '/npo_admin/create_order')[0]?.body).toMatchObject({
      address: '1 Main Street',
      city: 'Springfield',
      postal_code: '12345',
      country: 'United States',
    });
    // What the return from PayPal sends with the capture.
    await waitFor(() =>
      expect(takePending('ORDER-7', 7)?.donor).toMatchObject({ address: '1 Main Street', city: 'Springfield' }),
    );
  });

  it('asks for no address when the campaign does not collect it', () => {
    stubFetch({});
    renderPayPal(false);
    expect(screen.queryByRole('group', { name: 'Billing Address' })).not.toBeInTheDocument();
  });
});
