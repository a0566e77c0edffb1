// Step 1 of the public form as one reducer: every rule in docs/product/donation-form.md#step-1-amount that ties one
// field to another (interval resets the amount, the donor wall gates its sub-options, the wizard's
// blocked advance) lives here, so both renderers (React and preact/compat) share it exactly.
import type { TAnswers, TCampaignAmount, TDonorWallFlags, TGivingInterval, TPublicCampaign } from '@kindling/contracts';
import { amountLimitError } from '@kindling/contracts/amount-limits.ts';
import { DONATION_CONSTANTS, PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { addFeeCover } from '@kindling/contracts/fee-cover.ts';
import { giftAidApplies } from '@kindling/contracts/gift-aid-rules.ts';
import { faceValueIn, toMinorUnits } from '@kindling/contracts/money-rules.ts';
import { canAdvance, unansweredRequired } from '@kindling/contracts/question-answers.ts';
import type { DonationChoice } from './donation-choice.ts';
import { formLocale } from './form-format.ts';

export type StepOneState = {
  interval: TGivingInterval;
  currency: string;
  presetId: number | null;
  /** The tiles are open for choosing; false once a preset is picked (the chosen tile stays). */
  choosing: boolean;
  customText: string;
  feeCover: boolean;
  giftAidOpen: boolean;
  giftAid: boolean;
  designation: number | null;
  comment: string;
  donorWall: TDonorWallFlags;
  createDonorAccount: boolean;
  answers: TAnswers;
  questionIndex: number;
  wizardError: string | null;
};

export type StepOneAction =
  | { type: 'interval'; interval: TGivingInterval }
  | { type: 'currency'; currency: string }
  | { type: 'preset'; id: number }
  | { type: 'reopen' }
  | { type: 'custom'; text: string }
  | { type: 'feeCover'; on: boolean }
  | { type: 'giftAidOpen'; open: boolean }
  | { type: 'giftAid'; on: boolean }
  | { type: 'designation'; id: number | null }
  | { type: 'comment'; text: string }
  | { type: 'donorWall'; key: keyof TDonorWallFlags; on: boolean }
  | { type: 'createDonorAccount'; on: boolean }
  | { type: 'answer'; questions: TPublicCampaign['questions']; id: number; value: string | string[]; advance: boolean }
  | { type: 'advance'; questions: TPublicCampaign['questions'] }
  | { type: 'back' };

const NO_WALL: TDonorWallFlags = {
  add_to_donor_wall: false,
  first_name_only_to_donor_wall: false,
  show_amount_on_donor_wall: false,
  show_comment_on_donor_wall: false,
};

/** The campaign's default currency when it is offered, else the first one offered. */
function startingCurrency(campaign: TPublicCampaign): string {
  const offered = campaign.currencies.map((c) => c.toUpperCase());
  const own = (campaign.currency || DONATION_CONSTANTS.defaultCurrency).toUpperCase();
  return offered.length === 0 || offered.includes(own) ? own : (offered[0] ?? own);
}

export function initialStepOne(campaign: TPublicCampaign): StepOneState {
  return {
    interval: campaign.intervals[0] ?? 'once',
    currency: startingCurrency(campaign),
    presetId: null,
    choosing: true,
    customText: '',
    feeCover: false,
    giftAidOpen: false,
    giftAid: false,
    designation: null,
    comment: '',
    donorWall: NO_WALL,
    createDonorAccount: false,
    answers: {},
    questionIndex: 0,
    wizardError: null,
  };
}

function moveOn(state: StepOneState, questions: TPublicCampaign['questions'], answers: TAnswers): StepOneState {
  const question = questions[state.questionIndex];
  if (!question) return state;
  if (!canAdvance(question, answers[String(question.id)])) {
    return { ...state, answers, wizardError: PAYMENT_MESSAGES.answerRequired };
  }
  // The last question does not advance further (docs/product/donation-form.md#questions).
  const last = questions.length - 1;
  return { ...state, answers, wizardError: null, questionIndex: Math.min(state.questionIndex + 1, last) };
}

export function stepOneReducer(state: StepOneState, action: StepOneAction): StepOneState {
  switch (action.type) {
    case 'interval':
      // Changing the interval resets the chosen amount (docs/product/donation-form.md#step-1-amount).
      return { ...state, interval: action.interval, presetId: null, choosing: true, customText: '' };
    case 'currency':
      return { ...state, currency: action.currency };
    case 'preset':
      return { ...state, presetId: action.id, choosing: false, customText: '' };
    case 'reopen':
      return { ...state, choosing: true };
    case 'custom':
      return { ...state, customText: action.text, presetId: action.text.trim() ? null : state.presetId };
    case 'feeCover':
      return { ...state, feeCover: action.on };
    case 'giftAidOpen':
      return { ...state, giftAidOpen: action.open };
    case 'giftAid':
      return { ...state, giftAid: action.on };
    case 'designation':
      return { ...state, designation: action.id };
    case 'comment':
      return { ...state, comment: action.text };
    case 'donorWall': {
      // The sub-options are disabled while the wall is off, and turning it off clears them.
      if (action.key === 'add_to_donor_wall') {
        return { ...state, donorWall: action.on ? { ...state.donorWall, add_to_donor_wall: true } : NO_WALL };
      }
      if (!state.donorWall.add_to_donor_wall) return state;
      return { ...state, donorWall: { ...state.donorWall, [action.key]: action.on } };
    }
    case 'createDonorAccount':
      return { ...state, createDonorAccount: action.on };
    case 'answer': {
      const answers = { ...state.answers, [String(action.id)]: action.value };
      if (action.advance) return moveOn(state, action.questions, answers);
      return { ...state, answers, wizardError: null };
    }
    case 'advance':
      return moveOn(state, action.questions, state.answers);
    case 'back':
      return { ...state, questionIndex: Math.max(0, state.questionIndex - 1), wizardError: null };
  }
}

/** The presets of the selected interval, in their saved order. */
export const presetsFor = (campaign: TPublicCampaign, interval: TGivingInterval) =>
  campaign.amounts.filter((a) => a.interval === interval);

/**
 * A preset in the chosen currency: as the server converted it with the organisation's rates and
 * rounded it (decision 035), else at face value (a currency without a rate).
 */
export function presetMinorIn(campaign: TPublicCampaign, preset: TCampaignAmount & { id: number }, currency: string) {
  if (currency === campaign.currency.toUpperCase()) return preset.amount_minor;
  const converted = campaign.currency_amounts?.[currency]?.find((a) => a.id === preset.id);
  return converted?.amount_minor ?? faceValueIn(preset.amount_minor, campaign.currency, currency);
}

/**
 * The gift in minor units of the chosen currency: a preset (presetMinorIn), or the typed amount
 * within the currency's limits. null when nothing valid is chosen; `error` explains a typed amount.
 */
export function giftOf(campaign: TPublicCampaign, state: StepOneState): { minor: number | null; error: string | null } {
  if (state.customText.trim()) {
    const parsed = toMinorUnits(state.customText, state.currency);
    if (!parsed.ok) return { minor: null, error: parsed.error };
    if (parsed.minor <= 0) return { minor: null, error: null };
    // The server's figures for this currency (the providers' tables stay out of the page's bundle);
    // without them the payment call's own check still answers with the same words.
    const limits = campaign.amount_limits?.[state.currency];
    const error = limits ? amountLimitError(parsed.minor, state.currency, limits, formLocale(campaign)) : null;
    return error ? { minor: null, error } : { minor: parsed.minor, error: null };
  }
  const preset = campaign.amounts.find((a) => a.id === state.presetId && a.interval === state.interval);
  if (!preset) return { minor: null, error: null };
  return { minor: presetMinorIn(campaign, preset, state.currency), error: null };
}

/** What 'Support Our Work' adds to a gift, when the donor turned it on. */
export const feeOf = (campaign: TPublicCampaign, state: StepOneState, giftMinor: number): number =>
  state.feeCover && campaign.include_payment_fees ? addFeeCover(giftMinor, state.currency).feeMinor : 0;

/** What step 2 receives, or null while step 1 is not complete (no amount, required answers missing). */
export function choiceOf(campaign: TPublicCampaign, state: StepOneState): DonationChoice | null {
  const gift = giftOf(campaign, state).minor;
  if (!gift) return null;
  if (unansweredRequired(campaign.questions, state.answers).length > 0) return null;
  const fee = feeOf(campaign, state, gift);
  return {
    interval: state.interval,
    currency: state.currency,
    giftMinor: gift,
    includedFeesMinor: fee,
    totalMinor: gift + fee,
    designation: state.designation,
    comment: campaign.questions.length > 0 ? state.comment.trim() : '',
    answers: state.answers,
    giftAid: campaign.gift_aid && state.giftAid && giftAidApplies(state.currency),
    donorWall: state.donorWall,
    createDonorAccount: state.createDonorAccount,
  };
}
