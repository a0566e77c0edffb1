import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import type { DonationChoice } from '../donation-choice.ts';
import { testCampaign } from '../test-campaign.ts';
import { EMPTY_DONOR } from './donor-details.ts';
import { choiceFromQuery, readPaymentReturn, returnUrlFor, savePending } from './return-params.ts';
import { resetHandledReturns, usePaymentReturn } from './usePaymentReturn.ts';

const choice: DonationChoice = {
  interval: 'monthly',
  currency: 'GBP',
  giftMinor: 1000,
  includedFeesMinor: 32,
  totalMinor: 1032,
  designation: 12,
  comment: 'Keep going',
  answers: { 21: 'Radio', 22: ['Food', 'Housing'] },
  giftAid: true,
  donorWall: {
    add_to_donor_wall: true,
    first_name_only_to_donor_wall: false,
    show_amount_on_donor_wall: true,
    show_comment_on_donor_wall: false,
  },
  createDonorAccount: true,
};
const DONATION = { id: 5, amount_minor: 1032, currency: 'GBP', interval: 'monthly' };

const visit = (search: string) => window.history.replaceState(null, '', `/spring-appeal${search}`);

beforeEach(() => {
  resetHandledReturns();
  window.localStorage.clear();
});
afterEach(() => visit(''));

describe('reading the return query', () => {
  it('tells the wallet order, its cancellation, the vault approval and a card redirect apart', () => {
    expect(readPaymentReturn('?paypal=return&token=ORD1&PayerID=P')).toEqual({ kind: 'order', orderId: 'ORD1' });
    expect(readPaymentReturn('?paypal=cancel&token=ORD1')).toEqual({ kind: 'order-cancelled', orderId: 'ORD1' });
    expect(readPaymentReturn('?approval_token_id=ST1&approval_session_id=s')).toEqual({
      kind: 'vault',
      approvalTokenId: 'ST1',
    });
    expect(
      readPaymentReturn('?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_a&redirect_status=succeeded'),
    ).toMatchObject({ kind: 'intent', paymentIntent: 'pi_9', succeeded: true });
    // The form's own spelling (docs/product/donation-form.md#provider-return): client_secret and status.
    expect(readPaymentReturn('?payment_intent=pi_9&client_secret=pi_9_secret_a&status=succeeded')).toMatchObject({
      kind: 'intent',
      succeeded: true,
    });
    expect(readPaymentReturn('?utm_source=mail')).toEqual({ kind: 'none' });
  });

  it('round-trips the choice through the return URL', () => {
    const url = returnUrlFor(
      'https://give.example/spring-appeal?utm=x',
      { campaign_id: 7, peer_campaign_id: null },
      choice,
      {
        ...EMPTY_DONOR,
        firstName: 'Ada',
        email: 'ada@example.org',
        postalCode: 'S1 2BD',
      },
    );
    expect(new URL(url).searchParams.get('utm')).toBe('x');
    const back = choiceFromQuery(new URL(url).search);
    expect(back?.choice).toEqual(choice);
    expect(back?.donor).toMatchObject({ firstName: 'Ada', email: 'ada@example.org', postalCode: 'S1 2BD' });
  });
});

describe('usePaymentReturn', () => {
  it('does nothing without a return query', () => {
    const { calls } = stubFetch({});
    const { result } = renderHook(() => usePaymentReturn(testCampaign()));
    expect(result.current).toEqual({ state: 'none' });
    expect(calls).toHaveLength(0);
  });

  it('captures an approved order once with the choice kept before leaving, then cleans the address', async () => {
    savePending('ORD1', { choice: { ...choice, interval: 'once' }, donor: null, campaignId: 7 });
    const { callsTo } = stubFetch({
      'POST /npo_admin/paypal_capture': { body: { status: 'success', donation: { ...DONATION, interval: 'once' } } },
    });
    visit('?paypal=return&token=ORD1&PayerID=SANDBOXPAYER1');
    const { result } = renderHook(() => usePaymentReturn(testCampaign()));
    expect(result.current.state).toBe('working');
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(result.current).toMatchObject({ outcome: { status: 'success', totalMinor: 1032, currency: 'GBP' } });
    expect(callsTo('POST', '/npo_admin/paypal_capture')).toHaveLength(1);
    expect(callsTo('POST', '/npo_admin/paypal_capture')[0]?.body).toMatchObject({
      campaign_id: 7,
      order_id: 'ORD1',
      designation: 12,
      answers: { 21: 'Radio', 22: ['Food', 'Housing'] },
      gift_aid: true,
      add_to_donor_wall: true,
      included_fees: 32,
    });
    expect(window.location.search).toBe('');
  });

  it('saves the approved PayPal account on return from the vault approval', async () => {
    const { callsTo } = stubFetch({
      'POST /npo_admin/create_payment_token': {
        body: { id: 'PT1', payment_source: { paypal: { email_address: 'payer@example.org' } } },
      },
      'POST /npo_admin/save_paypal_payment_method': { body: { status: 'success', donation: DONATION } },
    });
    visit('?kd_return=1&approval_token_id=ST1&approval_session_id=s1');
    const { result } = renderHook(() => usePaymentReturn(testCampaign()));
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(callsTo('POST', '/npo_admin/create_payment_token')[0]?.body).toEqual({ setup_token_id: 'ST1' });
    expect(callsTo('POST', '/npo_admin/save_paypal_payment_method')[0]?.body).toEqual({
      id: 'PT1',
      email: 'payer@example.org',
    });
    expect(result.current).toMatchObject({ outcome: { interval: 'monthly' } });
  });

  it('confirms a card redirect that succeeded, with the choice from the query', async () => {
    const back = returnUrlFor('http://localhost/spring-appeal', { campaign_id: 7, peer_campaign_id: null }, choice, {
      ...EMPTY_DONOR,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
    });
    const { callsTo } = stubFetch({
      'POST /npo_admin/confirm_payment': { body: { status: 'processing', donation: null } },
    });
    visit(
      `${new URL(back).search}&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_a&redirect_status=succeeded`,
    );
    const { result } = renderHook(() => usePaymentReturn(testCampaign()));
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(result.current).toMatchObject({ outcome: { status: 'processing', totalMinor: 1032, interval: 'monthly' } });
    expect(callsTo('POST', '/npo_admin/confirm_payment')[0]?.body).toMatchObject({
      payment_intent: 'pi_9',
      first_name: 'Ada',
      email: 'ada@example.org',
      amount: 1032,
      currency: 'gbp',
      gift_aid: true,
    });
    expect(window.location.search).toBe('');
  });

  it('reports a capture the server refuses and a cancelled approval', async () => {
    stubFetch({
      'POST /npo_admin/paypal_capture': {
        status: 404,
        body: { message: 'This payment does not belong to this campaign.' },
      },
    });
    visit('?paypal=return&token=ORD2&PayerID=P');
    const first = renderHook(() => usePaymentReturn(testCampaign()));
    await waitFor(() => expect(first.result.current.state).toBe('error'));
    expect(first.result.current).toEqual({ state: 'error', message: 'This payment does not belong to this campaign.' });

    visit('?paypal=cancel&token=ORD3');
    const second = renderHook(() => usePaymentReturn(testCampaign()));
    await waitFor(() => expect(second.result.current.state).toBe('error'));
    expect(second.result.current).toMatchObject({ message: 'The PayPal payment was cancelled. Nothing was charged.' });
  });

  it('is idle in the editor preview (no campaign)', () => {
    visit('?paypal=return&token=ORD1&PayerID=P');
    const { calls } = stubFetch({});
    const { result } = renderHook(() => usePaymentReturn(null));
    expect(result.current).toEqual({ state: 'none' });
    expect(calls).toHaveLength(0);
  });
});
