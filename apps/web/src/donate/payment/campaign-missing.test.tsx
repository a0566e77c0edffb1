// No campaign data on payment (docs/product/donation-form.md#messages): the campaign ended or was
// removed after the page loaded, so the payment calls answer 404. The donor is told to refresh.
import { PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { PaymentStep } from './PaymentStep.tsx';

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
const GONE = { status: 404, body: { status: 404, code: 'NOT_FOUND', message: 'No campaign data available' } };
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('a payment for a campaign that is gone', () => {
  it('says the campaign information is missing when the intent call finds no campaign', async () => {
    stubFetch({ 'POST /npo_admin/intent': GONE });
    const onError = vi.fn();
    render(
      <PaymentStep
        campaign={testCampaign({ collect_address: false })}
        choice={choice}
        onDone={vi.fn()}
        onError={onError}
      />,
    );
    type(/^First Name/, 'Ada');
    type(/^Last Name/, 'Lovelace');
    type(/^Email/, 'ada@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onError).toHaveBeenLastCalledWith(PAYMENT_MESSAGES.campaignInfoMissing));
  });

  it('says so when the PayPal order finds no campaign', async () => {
    stubFetch({ 'POST /npo_admin/create_order': GONE });
    const onError = vi.fn();
    const wallet = {
      wallet_enabled: true,
      wallet_provider: 'sandbox' as const,
      paypal_merchant_id: 'M1',
      paypal_email: 'give@example.org',
    };
    render(
      <PaymentStep
        campaign={testCampaign({ ...wallet, collect_address: false })}
        choice={choice}
        onDone={vi.fn()}
        onError={onError}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(onError).toHaveBeenLastCalledWith(PAYMENT_MESSAGES.campaignInfoMissing));
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled();
  });
});
