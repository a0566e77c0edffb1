// Zod-free: the public donation form's bundle imports this module directly (decision 006).
import { currencyExponent } from './currency-rules.ts';
import { NO_METHODS_FOR_CURRENCY } from './payment-method-rules.ts';

/** Messages of the public donation flow (docs/product/donation-form.md#messages), shown verbatim. */
export const PAYMENT_MESSAGES = {
  currencyNotSupported: 'Currency not supported',
  selectAmountAndCurrency: 'Please select an amount and currency before continuing.',
  campaignInfoMissing: 'Campaign information is missing. Please refresh the page and try again.',
  intentInvalid: 'Invalid payment information. Please check your details and try again.',
  intentAuthentication: 'Authentication error. Please refresh the page and try again.',
  intentServerError: 'Server error. Please try again in a few moments.',
  intentOtherError: 'There was an error processing your payment. Please try again.',
  answerRequired: 'Please answer the question before moving to the next question',
  noMethodsForCurrency: NO_METHODS_FOR_CURRENCY,
  campaignLoadFailed: 'Failed to load campaign data',
  noCampaignData: 'No campaign data available',
  /** Logged only, never shown (docs/product/donation-form.md#messages). */
  paymentFailedLog: 'Payment failed',
  noCurrenciesConfigured: 'No currencies configured',
  noCurrenciesMatch: 'No currencies match your search',
  invitationSent: 'An invitation has been sent to your email',
  // Ours, for failures that had no message of their own.
  paymentNotStarted: 'The payment could not be started. Please try again.',
  orderNotCreated: 'The PayPal order could not be created. Please try again.',
  campaignNotAcceptingDonations: 'This campaign is not accepting donations.',
} as const;

/**
 * The intent call's answer (428) while card testing is suspected from this address or on this
 * campaign (docs/decisions/025-card-testing.md): the form solves the challenge served at
 * CHALLENGE_PATH and sends the widget's payload as `altcha` with the next intent.
 */
export const CHALLENGE_REQUIRED = 'CHALLENGE_REQUIRED';
export const CHALLENGE_PATH = '/npo_admin/payment_challenge';
export const CHALLENGE_MESSAGES = {
  required: 'One more step: a quick automatic check of this browser. Your donation continues once it is done.',
  used: 'That check was already used. A new one is running; your donation continues once it is done.',
  wrong: 'That check could not be verified. A new one is running; your donation continues once it is done.',
} as const;

/**
 * The banner text for a failed intent call, by HTTP status (docs/product/donation-form.md#messages).
 * A 404 means the campaign is gone since the page loaded (ended or removed): no campaign data on payment.
 */
export function intentErrorMessage(status: number): string {
  if (status === 404) return PAYMENT_MESSAGES.campaignInfoMissing;
  if (status === 400) return PAYMENT_MESSAGES.intentInvalid;
  if (status === 401) return PAYMENT_MESSAGES.intentAuthentication;
  if (status === 500) return PAYMENT_MESSAGES.intentServerError;
  return PAYMENT_MESSAGES.intentOtherError;
}

/** Fixed texts and templates of the form (docs/product/donation-form.md#messages). */
export const DONATION_FORM_TEXT = {
  amountPlaceholder: '0.00',
  searchCurrencies: 'Search currencies...',
  feeCover: 'Support Our Work',
  giftAidToggle: 'Gift aid preferences',
  clearDesignation: 'Clear',
  supporting: (name: string) => `Supporting: ${name}`,
  comment: 'Your Message',
  addToDonorWall: 'Add Me to Donor Wall',
  firstNameOnly: 'Show only my first name',
  showAmount: 'Display my donation amount',
  showComment: 'Share my comment publicly',
  createDonorAccount: 'Create Donor Account',
  createDonorAccountHint: 'Easy management and tracking of your donations',
  continueToPayment: 'Continue to Payment',
  next: 'Next',
  completeDonation: 'Complete Donation',
  processing: 'Processing...',
  goToCampaignPage: 'Go to Campaign Page',
  questionProgress: (index: number, total: number) => `Question ${index} of ${total}`,
  selectOption: 'Select an option',
  typeAnswer: 'Type your answer here...',
  continue: 'Continue',
  skip: 'Skip',
  thankYou: (interval: string, amount: string, organisation: string) =>
    `Thank you for your ${interval} ${amount} donation to ${organisation}.`,
  thankYouMission: (organisation: string) => `Your donation will help ${organisation} continue their mission.`,
  trustBadges: ['SSL Encrypted', 'PCI Compliant'],
} as const;

/** Business constants in docs/product/donation-form.md#constants. */
export const DONATION_CONSTANTS = {
  /** Fee cover as a percentage; the exact fraction is FEE_COVER_RATE. */
  feeCoverPercent: 3.2,
  defaultCurrency: 'USD',
  defaultIntervalLabel: 'one_time',
  defaultThemeColor: '#0ea5e9',
  /** Two widths were in use (460 and 480); the form uses 480. */
  defaultFormMaxWidthPx: 480,
  defaultFormPaddingPx: 28,
  /** Amount font size steps by the formatted amount's length (characters, strictly greater). */
  amountLength: { extraLong: 12, long: 9, medium: 7 },
  amountMinScale: 0.4,
  designationGridMaxHeightPx: 150,
  donorWallPanelMaxHeightPx: 300,
  /**
   * Goal shown when a campaign has none, in MAJOR units of the campaign currency (the crowdfunding
   * page shows raised and goal in whole currency units). Use defaultGoalMinor() for our data.
   */
  defaultGoal: 100000,
  /** Days-left badge: ≤ 0 ended (grey), ≤ 3 red, ≤ 7 amber, otherwise green. */
  daysLeft: { ended: 0, red: 3, amber: 7 },
  gaugeRadius: 28,
  toastMs: 5000,
  inviteCloseMs: 100,
  sampleRewardTiers: [25, 100, 250],
  anonymousLabel: 'Anonymous',
  spinnerColor: '#00A3FF',
} as const;

export type TAmountSize = 'extra-long' | 'long' | 'medium' | 'normal';

/** Which font step a formatted amount ('$1,234.56') gets, so long amounts fit their tile. */
export function amountSize(formatted: string): TAmountSize {
  const { extraLong, long, medium } = DONATION_CONSTANTS.amountLength;
  if (formatted.length > extraLong) return 'extra-long';
  if (formatted.length > long) return 'long';
  if (formatted.length > medium) return 'medium';
  return 'normal';
}

/**
 * A scale factor for the amount's font: 1 up to the medium threshold, then shrinking in proportion
 * to the extra characters, never below 0.4.
 */
export function amountScale(formatted: string): number {
  const { medium } = DONATION_CONSTANTS.amountLength;
  if (formatted.length <= medium) return 1;
  return Math.max(DONATION_CONSTANTS.amountMinScale, medium / formatted.length);
}

export type TDaysLeftBadge = { tone: 'grey' | 'red' | 'amber' | 'green'; ended: boolean };

export function daysLeftBadge(daysLeft: number): TDaysLeftBadge {
  const { ended, red, amber } = DONATION_CONSTANTS.daysLeft;
  if (daysLeft <= ended) return { tone: 'grey', ended: true };
  if (daysLeft <= red) return { tone: 'red', ended: false };
  if (daysLeft <= amber) return { tone: 'amber', ended: false };
  return { tone: 'green', ended: false };
}

export const CAMPAIGN_ENDED_LABEL = 'Campaign ended';

/** The default goal in minor units of `currency` (100000 USD → 10000000 cents). */
export const defaultGoalMinor = (currency: string | null | undefined): number =>
  DONATION_CONSTANTS.defaultGoal * 10 ** currencyExponent(currency);
