import { CAMPAIGN_MESSAGES, CAMPAIGN_URL_MESSAGES, ZCampaignInput } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { type CampaignDraft, emptyDraft, newAmount, newQuestion } from './campaign-draft.ts';
import { draftErrorsOf, draftToInput, validateDraft } from './draft-input.ts';

const draft = (overrides: Partial<CampaignDraft> = {}): CampaignDraft => ({
  ...emptyDraft('USD'),
  name: 'Spring appeal',
  campaign_url: 'spring-appeal',
  ...overrides,
});

describe('draftToInput', () => {
  it('turns typed major units into minor units with the exponent of the default currency', () => {
    const amounts = [
      { ...newAmount('once'), amount: '25' },
      { ...newAmount('monthly'), amount: '12.50', description: 'A month of meals' },
    ];
    const { input, errors } = draftToInput(draft({ amounts, goal: '5,000' }), 'USD');
    expect(errors).toEqual({});
    expect(input.amounts?.map((a) => [a.amount_minor, a.interval])).toEqual([
      [2500, 'once'],
      [1250, 'monthly'],
    ]);
    expect(input.goal_minor).toBe(500_000);
    const yen = draftToInput(
      draft({ currency: 'JPY', currencies: ['JPY'], amounts: [{ ...newAmount(), amount: '1500' }] }),
      'JPY',
    );
    expect(yen.input.amounts?.[0]?.amount_minor).toBe(1500);
    expect(yen.input.goal_minor).toBeNull();
  });

  it('reports an amount the currency cannot hold on the amount field', () => {
    const amounts = [{ ...newAmount(), amount: '1500.5' }];
    const { errors } = draftToInput(draft({ currency: 'JPY', currencies: ['JPY'], amounts }), 'USD');
    expect(errors).toEqual({ 'amounts.0.amount': 'JPY amounts are whole numbers' });
  });

  it('produces input the contract accepts, empty settings left out', () => {
    const d = draft({ campaign_settings: { theme_color: '#123456', form_padding: '', line_height: '1.6' } });
    const parsed = ZCampaignInput.parse(draftToInput(d, 'USD').input);
    expect(parsed.campaign_settings).toEqual({ theme_color: '#123456', line_height: 1.6 });
  });
});

describe('validateDraft', () => {
  it('uses the contract messages, under the editor field paths', () => {
    const errors = validateDraft(
      draft({
        name: ' ',
        campaign_url: 'Spring Appeal!',
        status: 'active',
        user_amount_enable: false,
        questions: [{ ...newQuestion(), content: 'Pick one', answer_type: 'dropdown' }],
        amounts: [],
      }),
      'USD',
    );
    expect(errors).toMatchObject({
      name: CAMPAIGN_MESSAGES.nameRequired,
      campaign_url: CAMPAIGN_URL_MESSAGES.format,
      amounts: CAMPAIGN_MESSAGES.amountOrUserAmount,
      'questions.0.options': CAMPAIGN_MESSAGES.optionsRequired,
    });
  });

  it('is empty for a valid draft', () => {
    expect(validateDraft(draft({ amounts: [{ ...newAmount(), amount: '10' }] }), 'USD')).toEqual({});
  });
});

describe('draftErrorsOf', () => {
  it('maps server field paths to editor fields', () => {
    expect(draftErrorsOf({ 'amounts.1.amount_minor': 'x', goal_minor: 'y', campaign_url: 'z' })).toEqual({
      'amounts.1.amount': 'x',
      goal: 'y',
      campaign_url: 'z',
    });
  });
});
