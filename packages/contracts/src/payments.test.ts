import { describe, expect, it } from 'vitest';
import {
  feeCoverMatches,
  giftAidIssues,
  normaliseDonorWall,
  ZAnswers,
  ZDonationChoiceFields,
} from './donation-choice.ts';
import { needsUsAcknowledgement } from './donations.ts';
import { addFeeCover } from './fee-cover.ts';
import { GIFT_AID_MESSAGES, giftAidClaimMinor, giftAidDeclarationText, normalisePostcode } from './gift-aid.ts';
import {
  approveLink,
  intentIdFromClientSecret,
  ZConfirmPaymentRequest,
  ZCreateIntentRequest,
  ZCreateOrderRequest,
  ZPaypalCaptureRequest,
} from './payments.ts';

const wall = (add: boolean) => ({
  add_to_donor_wall: add,
  first_name_only_to_donor_wall: true,
  show_amount_on_donor_wall: true,
  show_comment_on_donor_wall: true,
});

describe('donor wall flags', () => {
  it('keeps the sub-options while the donor is on the wall', () => {
    expect(normaliseDonorWall(wall(true))).toEqual(wall(true));
  });

  it('turns the three sub-options off with the wall, keeping other fields', () => {
    expect(normaliseDonorWall({ ...wall(false), comment: 'hi' })).toEqual({
      add_to_donor_wall: false,
      first_name_only_to_donor_wall: false,
      show_amount_on_donor_wall: false,
      show_comment_on_donor_wall: false,
      comment: 'hi',
    });
  });

  it('reads the return-path strings as booleans', () => {
    const parsed = ZDonationChoiceFields.parse({ add_to_donor_wall: 'true', show_amount_on_donor_wall: 'false' });
    expect([parsed.add_to_donor_wall, parsed.show_amount_on_donor_wall, parsed.gift_aid]).toEqual([true, false, false]);
  });
});

describe('answers', () => {
  it('accepts text and option lists keyed by question id, also as a JSON string', () => {
    expect(ZAnswers.parse({ 12: 'Friend', 13: ['A', 'B'] })).toEqual({ 12: 'Friend', 13: ['A', 'B'] });
    expect(ZAnswers.parse('{"12":"Web"}')).toEqual({ 12: 'Web' });
    expect(ZAnswers.parse('')).toEqual({});
    expect(ZAnswers.safeParse({ colour: 'red' }).error?.issues[0]?.message).toBe('Answers are keyed by question id');
    expect(ZAnswers.safeParse({ 12: 5 }).success).toBe(false);
  });
});

const donor = { first_name: 'Sam', last_name: 'Lee', email: 'Sam@Example.org' };

describe('payment call payloads', () => {
  it('normalises the intent currency and refuses bad amounts', () => {
    const intent = ZCreateIntentRequest.parse({ campaign_id: 3, amount: 2500, currency: 'usd', interval: 'one_time' });
    expect(intent).toMatchObject({ currency: 'USD', interval: 'once', payment_method: 'card', peer_campaign_id: null });
    expect(ZCreateIntentRequest.safeParse({ campaign_id: 3, amount: 0, currency: 'usd' }).success).toBe(false);
    expect(ZCreateIntentRequest.safeParse({ campaign_id: 3, amount: 10.5, currency: 'usd' }).success).toBe(false);
    expect(ZCreateIntentRequest.safeParse({ campaign_id: 3, amount: 100, currency: 'abc' }).success).toBe(false);
  });

  it('refuses a fee cover that is not 3.2 % of the gift before anything is charged', () => {
    const ok = ZCreateIntentRequest.safeParse({ campaign_id: 3, amount: 1032, currency: 'usd', included_fees: 32 });
    expect(ok.success).toBe(true);
    const bad = ZCreateIntentRequest.safeParse({ campaign_id: 3, amount: 1032, currency: 'usd', included_fees: 500 });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['included_fees', 'The fee cover does not match the amount'],
    ]);
    const order = ZCreateOrderRequest.safeParse({
      campaign_id: 3,
      amount: 1000,
      currency_code: 'usd',
      included_fees: 1,
    });
    expect(order.success).toBe(false);
    // A malformed amount is reported, never thrown.
    const malformed = ZCreateIntentRequest.safeParse({
      campaign_id: 3,
      amount: 'abc',
      currency: 'usd',
      included_fees: 32,
    });
    expect(malformed.success).toBe(false);
    expect(
      ZCreateIntentRequest.safeParse({ campaign_id: 3, amount: 10.5, currency: 'usd', included_fees: 1 }).success,
    ).toBe(false);
  });

  it('reads confirm_payment from the form and from the return path', () => {
    const direct = ZConfirmPaymentRequest.parse({
      campaign_id: 3,
      amount: 1032,
      currency: 'gbp',
      payment_intent: 'pi_1',
      included_fees: 32,
      designation: 7,
      ...donor,
    });
    expect(direct).toMatchObject({ email: 'sam@example.org', currency: 'GBP', designation: 7, included_fees: 32 });
    const returned = ZConfirmPaymentRequest.parse({
      campaign_id: '3',
      peer_campaign_id: '9',
      amount: '2500',
      currency: 'usd',
      client_secret: 'pi_3Abc_secret_xyz',
      zip: 'S19 2BD',
      designation: '',
      answers: '{"4":"Friend"}',
      thank_you_message: 'ignored',
      ...donor,
    });
    expect(returned).toMatchObject({
      campaign_id: 3,
      peer_campaign_id: 9,
      amount: 2500,
      payment_intent: 'pi_3Abc',
      postal_code: 'S19 2BD',
      designation: null,
      answers: { 4: 'Friend' },
    });
    expect(returned).not.toHaveProperty('thank_you_message');
  });

  it('explains a missing payment reference or donor name', () => {
    const result = ZConfirmPaymentRequest.safeParse({ campaign_id: 3, amount: 100, currency: 'usd', email: 'a@b.co' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      payment_intent: 'The payment reference is missing',
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it('takes the wallet order and capture fields the form sends', () => {
    const order = ZCreateOrderRequest.parse({
      campaign_id: 3,
      amount: 1000,
      currency_code: 'eur',
      zip: '10115',
      npo_id: 99,
    });
    expect(order).toMatchObject({ currency_code: 'EUR', postal_code: '10115', amount: 1000 });
    const capture = ZPaypalCaptureRequest.parse({
      campaign_id: 3,
      order_id: 'ORDER-1',
      interval: 'Monthly',
      gift_aid: true,
    });
    expect(capture).toMatchObject({ order_id: 'ORDER-1', interval: 'monthly', gift_aid: true });
    expect(ZPaypalCaptureRequest.safeParse({ campaign_id: 3 }).error?.issues[0]?.message).toBe(
      'The order reference is missing',
    );
  });

  it('finds the intent id and the approval link', () => {
    expect(intentIdFromClientSecret('pi_123_secret_abc')).toBe('pi_123');
    expect(intentIdFromClientSecret('garbage')).toBeNull();
    expect(
      approveLink([
        { href: 'https://x/self', rel: 'self' },
        { href: 'https://x/ok', rel: 'approve' },
      ]),
    ).toBe('https://x/ok');
    expect(approveLink([])).toBeNull();
  });
});

describe('fee cover split check', () => {
  it('accepts the exact fee of the remaining gift and nothing else', () => {
    for (const amount of [1000, 1999, 1234, 5]) {
      const { totalMinor, feeMinor } = addFeeCover(amount, 'USD');
      expect(feeCoverMatches(totalMinor, feeMinor)).toBe(true);
      expect(feeCoverMatches(totalMinor, feeMinor + 5)).toBe(false);
    }
    expect(feeCoverMatches(1000, 0)).toBe(true);
    expect(feeCoverMatches(10, 20)).toBe(false);
  });
});

describe('gift aid', () => {
  it('claims 25p per pound, rounded to whole pence', () => {
    expect(giftAidClaimMinor(10_000)).toBe(2_500);
    expect(giftAidClaimMinor(1_001)).toBe(250);
    expect(giftAidClaimMinor(1_002)).toBe(251);
  });

  it('words the declaration with the charity and amount', () => {
    const text = giftAidDeclarationText('Hope Kitchen', '£25.00');
    expect(text).toContain('I want to Gift Aid my donation of £25.00');
    expect(text).toContain('to Hope Kitchen. I am a UK taxpayer');
    expect(giftAidDeclarationText('Hope Kitchen')).toContain('Gift Aid this donation');
  });

  it('needs a home address and postcode, and spaces postcodes for HMRC', () => {
    expect(giftAidIssues({ gift_aid: true, address: '', postal_code: '' }).map((i) => i.message)).toEqual([
      GIFT_AID_MESSAGES.addressRequired,
      GIFT_AID_MESSAGES.postcodeRequired,
    ]);
    expect(giftAidIssues({ gift_aid: false, address: '', postal_code: '' })).toEqual([]);
    expect(normalisePostcode('s192bd')).toBe('S19 2BD');
    expect(normalisePostcode('SW1A 1AA')).toBe('SW1A 1AA');
  });
});

describe('receipt wording', () => {
  it('needs the US acknowledgement from 250 USD', () => {
    expect(needsUsAcknowledgement({ amount_minor: 25_000, currency: 'USD' })).toBe(true);
    expect(needsUsAcknowledgement({ amount_minor: 24_999, currency: 'USD' })).toBe(false);
    expect(needsUsAcknowledgement({ amount_minor: 50_000, currency: 'GBP' })).toBe(false);
  });
});
