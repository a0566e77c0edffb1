// Zod-free: the public event page's bundle imports this module directly (decision 006). Prices, discounts and
// the tax-deductible part of a ticket order (docs/decisions/045-events-and-ticket-orders.md).
import { formatMoney } from './money-rules.ts';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled', 'ended'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];
export const TICKET_PRICINGS = ['fixed', 'free', 'pay_what_you_want'] as const;
export type TTicketPricing = (typeof TICKET_PRICINGS)[number];
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type TDiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Above this many US dollars, a payment partly for goods or services needs the written disclosure. */
export const QUID_PRO_QUO_THRESHOLD_MINOR = 7500;
/** How long seats are held for a buyer who has not paid yet. */
export const SEAT_HOLD_MINUTES = 15;

export const EVENT_MESSAGES = {
  notFound: 'We could not find that event.',
  orderNotFound: 'We could not find that order.',
  notOnSale: 'Tickets for this event are not on sale.',
  registrationClosed: 'Registration for this event is closed.',
  salesClosed: (name: string) => `${name} tickets are not on sale right now.`,
  soldOut: (name: string) => `${name} is sold out.`,
  onlyLeft: (name: string, left: number) =>
    left === 0 ? `${name} is sold out.` : `Only ${left} ${name} ${left === 1 ? 'ticket is' : 'tickets are'} left.`,
  capacity: (left: number) =>
    left === 0
      ? 'This event is sold out.'
      : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left at this event.`,
  perOrder: (name: string, limit: number) => `You can buy at most ${limit} ${name} tickets in one order.`,
  noTickets: 'Choose at least one ticket.',
  unknownType: 'That ticket type is not offered for this event.',
  minimumPrice: (name: string, minimum: string) => `Pay at least ${minimum} for ${name}.`,
  attendees: 'Give a name and e-mail for each attendee.',
  codeInvalid: 'That discount code is not valid for this event.',
  codeExpired: 'That discount code has expired.',
  codeExhausted: 'That discount code has been used up.',
  giftUnavailable: 'This event does not ask for a gift.',
  paymentMismatch: 'This payment does not belong to this order.',
  paymentFailed: 'The payment did not go through. Please try another card.',
  expired: 'Your seats were held for 15 minutes and have been released. Please start again.',
  slugTaken: 'Another event already uses this address.',
  endsBeforeStart: 'The event must end after it starts.',
  giftAidExcluded: 'Ticket purchases are not eligible for Gift Aid.',
  // e18: PayPal for tickets (decision 081).
  paypalUnavailable: 'PayPal is not available for this event. Please pay by card.',
  paypalFailed: 'PayPal did not complete the payment. Please try again or pay by card.',
  notPending: 'This order is no longer waiting for payment.',
  // m19: members-only tickets and member prices (docs/decisions/090-member-tickets.md).
  memberRequired: (type: string) => `${type} tickets are for members: enter your member number and e-mail.`,
  memberUnknown: 'We could not find a membership with this member number and e-mail.',
  memberLapsed: 'This membership has lapsed. Renew it to buy member tickets.',
  memberCancelled: 'This membership is cancelled, so member tickets are not available.',
  memberTier: (tier: string, type: string) => `Your ${tier} membership does not include ${type} tickets.`,
  memberChecks: 'Too many membership checks from here. Please try again later.',
  memberPriceFixed: 'A member price needs a fixed price.',
  memberPriceBelow: 'The member price must be below the price.',
  memberTiersUnused: 'Choose tiers only for a members-only ticket or one with a member price.',
  memberTiersUnknown: 'Choose tiers of your own membership campaigns.',
} as const;

/** m19: a ticket type members buy differently (members only, or at a member price). */
export const forMembers = (t: { members_only: boolean; member_price_minor: number | null }): boolean =>
  t.members_only || t.member_price_minor !== null;

export type TDiscount = { kind: TDiscountKind; amount: number };

/** The discount a code gives on a subtotal: a percentage (whole percent) rounded down, or a fixed amount, never more than the subtotal. */
export function discountOf(subtotalMinor: number, code: TDiscount | null): number {
  if (!code || subtotalMinor <= 0) return 0;
  const off = code.kind === 'percent' ? Math.floor((subtotalMinor * Math.min(code.amount, 100)) / 100) : code.amount;
  return Math.max(0, Math.min(subtotalMinor, off));
}

/**
 * The deductible part of a ticket payment: what was paid for tickets beyond their fair-market
 * value, plus any gift in full. A discount lowers the payment, not the value received.
 */
export function deductibleOf(ticketsPaidMinor: number, fairMarketMinor: number, giftMinor: number): number {
  return Math.max(0, ticketsPaidMinor - fairMarketMinor) + giftMinor;
}

export type TReceiptFigures = {
  currency: string;
  total_minor: number;
  gift_minor: number;
  fair_market_minor: number;
  deductible_minor: number;
};

/**
 * The lines a ticket receipt carries about tax: the deductible amount, the US disclosure of goods
 * and services for a payment above 75 USD, and that Gift Aid does not apply to tickets
 * (docs/product/events.md#receipts).
 */
export function ticketReceiptLines(figures: TReceiptFigures, organisation: string, locale = 'en-US'): string[] {
  const money = (minor: number) => formatMoney(minor, figures.currency, locale);
  const lines = [`Tax-deductible amount: ${money(figures.deductible_minor)}.`];
  if (
    figures.currency === 'USD' &&
    figures.total_minor > QUID_PRO_QUO_THRESHOLD_MINOR &&
    figures.fair_market_minor > 0
  ) {
    lines.push(
      `The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the amount you paid (${money(figures.total_minor)}) over the value of goods and services provided by ${organisation}, which we estimate in good faith at ${money(figures.fair_market_minor)}.`,
    );
  }
  if (figures.currency === 'GBP') lines.push(EVENT_MESSAGES.giftAidExcluded);
  return lines;
}
