// Membership constants and rules without zod, small enough for the public form's bundle
// (docs/decisions/049-memberships.md).

export const TIER_BILLING = ['monthly', 'yearly', 'fixed_term'] as const;
export type TTierBilling = (typeof TIER_BILLING)[number];
export const MEMBERSHIP_STATUSES = ['pending', 'active', 'in_grace', 'lapsed', 'cancelled'] as const;
export type TMembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** The statuses staff filter by; a pending membership is a join whose payment has not come in. */
export const LISTED_STATUSES = ['active', 'in_grace', 'lapsed', 'cancelled'] as const;
export const MEMBERSHIP_STATUS_LABELS: Record<TMembershipStatus, string> = {
  pending: 'Awaiting payment',
  active: 'Active',
  in_grace: 'In grace',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
};
export const TIER_BILLING_LABELS: Record<TTierBilling, string> = {
  monthly: 'per month',
  yearly: 'per year',
  fixed_term: 'one payment',
};
/** The grace period after a manual membership's expiry, unless the organisation sets its own. */
export const DEFAULT_GRACE_DAYS = 30;
/** How long a join holds its place in a tier while the visitor pays. */
export const MEMBERSHIP_HOLD_MINUTES = 30;

export const MEMBERSHIP_MESSAGES = {
  notFound: 'We could not find that membership.',
  noTiers: 'This membership campaign has no tiers to join yet.',
  unknownTier: 'Choose one of the membership tiers.',
  tierFull: (name: string) => `The ${name} tier is full. Please choose another tier.`,
  household: (n: number) => (n === 1 ? 'This tier covers one member.' : `This tier covers up to ${n} members.`),
  members: 'Name at least one member.',
  notMembership: 'This campaign does not offer memberships.',
  capacityBelowTaken: (taken: number) => `${taken} members already hold this tier: the capacity cannot be lower.`,
  termMonths: 'Give a fixed-term tier its length in months.',
  cancelled: 'This membership is cancelled.',
  sameTier: 'The membership is already in this tier.',
  automaticAtRenewal:
    'This membership renews through its recurring plan: change the tier at once, or the plan’s amount on its page.',
  notRenewing: 'Only an active membership, or one in grace, can change tier.',
  renewalExpired: 'This renewal link has expired. Please join again from the membership page.',
  renewalInvalid: 'This renewal link is not valid. Please use the latest link we e-mailed you.',
  renewalClosed: 'This membership can no longer be renewed. Please join again from the membership page.',
} as const;

/** The donation form's interval for a tier: a fixed term is paid once. */
export function tierInterval(billing: TTierBilling): 'once' | 'monthly' | 'yearly' {
  return billing === 'fixed_term' ? 'once' : billing;
}

/**
 * The prorated difference of a tier change made at once: the price difference for the part of the
 * current period still to run, rounded to the minor unit. Positive: what the member pays now; an
 * amount below zero (a downgrade) is not refunded, the member keeps what they paid.
 */
export function proratedDifference(input: {
  oldPriceMinor: number;
  newPriceMinor: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): number {
  const whole = input.periodEnd.getTime() - input.periodStart.getTime();
  if (whole <= 0) return 0;
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.at.getTime(), 0), whole);
  return Math.max(0, Math.round(((input.newPriceMinor - input.oldPriceMinor) * left) / whole));
}

// mem19c: member cards (docs/decisions/064-member-cards.md).
/** The member number printed on the card: the membership's id, zero-padded. */
export const memberNumber = (id: number): string => `M-${String(id).padStart(6, '0')}`;
/** A member card's QR code starts so; a ticket's code (base64url) never contains a colon. */
export const MEMBER_CARD_PREFIX = 'member:';
export const MEMBER_CARD_MESSAGES = {
  invalid: 'This member card link is not valid. Please use the latest link we e-mailed you.',
  unknown: 'No member has this card.',
  valid: (tier: string, until: string) => `Member: ${tier}, valid until ${until}`,
  grace: (tier: string, until: string) => `Member: ${tier}, in its grace period, valid until ${until}`,
  expired: (tier: string, on: string) => `Member card expired: the ${tier} membership ended on ${on}`,
  cancelled: (tier: string) => `Member card expired: the ${tier} membership was cancelled`,
  notSent: 'This membership has no member to send the card to.',
} as const;
