// Events, ticket types, discount codes and ticket orders (docs/product/events.md,
// docs/decisions/045-events-and-ticket-orders.md). Times the staff form sends are wall times in the
// event's own time zone ('2026-12-17T18:30'); answers carry the instant (ISO, UTC) and that wall time.
import { z } from 'zod';
import { questionIssues, ZCampaignQuestion, ZCampaignQuestionInput } from './campaigns.ts';
import { ZCurrencyCode } from './currencies.ts';
import { ZAnswers } from './donation-choice.ts';
import { DISCOUNT_KINDS, EVENT_MESSAGES, EVENT_STATUSES, TICKET_PRICINGS } from './event-rules.ts';
import { ZMinorAmount } from './money.ts';

export * from './event-rules.ts';

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const required = (max: number, message: string) => text(max).min(1, message);
const ZEmail = z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254);
const ZUrl = z.union([
  z.literal(''),
  z.string().trim().max(500).url('Enter a full web address starting with https://.'),
]);
/** A wall time in the event's zone: 'YYYY-MM-DDTHH:mm'. */
const ZWallTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time.');
const ZOptionalWallTime = z.union([z.literal(''), ZWallTime]).nullish();
const ZCount = (max: number) => z.number().int('Use a whole number.').min(1, 'Use at least 1.').max(max);

export const ZEventSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters.')
  .max(80, 'Use at most 80 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');

export const ZTicketTypeInput = z.object({
  id: z.number().int().positive().optional(),
  name: required(80, 'Give the ticket type a name.'),
  description: text(500).default(''),
  pricing: z.enum(TICKET_PRICINGS).default('fixed'),
  /** The price, or the minimum of a pay-what-you-want ticket; 0 for a free one. */
  price_minor: ZMinorAmount.default(0),
  fair_market_value_minor: ZMinorAmount.default(0),
  /** Tickets of this type on sale; null: limited by the event's capacity only. */
  quantity: ZCount(100_000).nullable().default(null),
  per_order_limit: ZCount(100).default(10),
  /** A table or group ticket admits this many attendees on one purchase. */
  attendees_per_ticket: ZCount(50).default(1),
  sales_start: ZOptionalWallTime,
  sales_end: ZOptionalWallTime,
  // m19: sold to members only, and/or at a member price below the price, optionally for some tiers
  // (docs/decisions/090-member-tickets.md).
  members_only: z.boolean().default(false),
  member_price_minor: ZMinorAmount.nullable().default(null),
  /** Membership tiers of the organisation whose members qualify; empty: every tier. */
  member_tier_ids: z.array(z.number().int().positive()).max(50).default([]),
});
export type TTicketTypeInput = z.input<typeof ZTicketTypeInput>;

export const ZDiscountCodeInput = z.object({
  id: z.number().int().positive().optional(),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .min(3, 'Use at least 3 characters.')
    .max(40)
    .regex(/^[A-Z0-9_-]+$/, 'Use letters, digits, hyphens and underscores.'),
  kind: z.enum(DISCOUNT_KINDS),
  /** Whole percent for 'percent', minor units for 'fixed'. */
  amount: z.number().int().min(1, 'Use at least 1.').max(999_999_999),
  usage_limit: ZCount(100_000).nullable().default(null),
  expires: ZOptionalWallTime,
});

/** e18: an event's image as read (docs/decisions/089-event-images.md): its size and resized WebP variants. */
export const ZEventImage = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** '<variant url> 480w, …'; null for an image given by address rather than uploaded. */
  srcset: z.string().nullable(),
});
export type TEventImage = z.infer<typeof ZEventImage>;
/** As the crowdfunding gallery's: uploaded (/uploads/…) or an https address, with alt text. */
export const ZEventImageInput = z.object({
  url: z
    .string()
    .trim()
    .regex(/^(https:\/\/|\/uploads\/)\S+$/, 'Upload the image or give an https address.'),
  alt: z.string().trim().max(300, 'Keep the alt text under 300 characters.'),
});

export const ZEventInput = z
  .object({
    name: required(120, 'Give the event a name.'),
    slug: ZEventSlug,
    description: text(50_000).default(''),
    /** The first image; kept for older clients. `images`, when given, decides (its first is the image). */
    image_url: ZUrl.default(''),
    // e18: several images in the editor's order, each with its alt text.
    images: z.array(ZEventImageInput).max(10, 'An event holds at most 10 images.').optional(),
    starts: ZWallTime,
    ends: ZWallTime,
    time_zone: z.string().trim().min(1).max(64),
    venue_name: text(200).default(''),
    venue_address: text(500).default(''),
    map_url: ZUrl.default(''),
    online_url: ZUrl.default(''),
    capacity: ZCount(100_000).nullable().default(null),
    registration_opens: ZOptionalWallTime,
    registration_closes: ZOptionalWallTime,
    status: z.enum(EVENT_STATUSES).default('draft'),
    organiser_name: text(120).default(''),
    organiser_email: z.union([z.literal(''), ZEmail]).default(''),
    campaign_id: z.number().int().positive().nullable().default(null),
    currency: ZCurrencyCode.default('USD'),
    gift_ask: z.boolean().default(false),
    ticket_types: z.array(ZTicketTypeInput).max(20, 'Use at most 20 ticket types.').default([]),
    discount_codes: z.array(ZDiscountCodeInput).max(50).default([]),
    // tix18c: asked of each attendee, with the campaign question kinds and rules.
    questions: z.array(ZCampaignQuestionInput).max(20, 'Use at most 20 questions.').default([]),
  })
  .superRefine((e, ctx) => {
    for (const issue of questionIssues(e)) ctx.addIssue({ code: 'custom', ...issue });
    if (e.ends <= e.starts) ctx.addIssue({ code: 'custom', path: ['ends'], message: EVENT_MESSAGES.endsBeforeStart });
    e.ticket_types.forEach((t, i) => {
      const at = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['ticket_types', i, field], message });
      if (t.member_price_minor !== null && t.pricing !== 'fixed')
        at('member_price_minor', EVENT_MESSAGES.memberPriceFixed);
      else if (t.member_price_minor !== null && t.member_price_minor >= t.price_minor)
        at('member_price_minor', EVENT_MESSAGES.memberPriceBelow);
      if (t.member_tier_ids.length > 0 && !t.members_only && t.member_price_minor === null)
        at('member_tier_ids', EVENT_MESSAGES.memberTiersUnused);
    });
    e.discount_codes.forEach((c, i) => {
      if (c.kind === 'percent' && c.amount > 100)
        ctx.addIssue({ code: 'custom', path: ['discount_codes', i, 'amount'], message: 'Use at most 100 percent.' });
      if (e.discount_codes.findIndex((o) => o.code === c.code) !== i)
        ctx.addIssue({ code: 'custom', path: ['discount_codes', i, 'code'], message: 'Each code must be different.' });
    });
  });
export type TEventInput = z.input<typeof ZEventInput>;

const ZInstant = z.string();
export const ZTicketType = ZTicketTypeInput.extend({
  id: z.number(),
  sales_start: z.string().nullable(),
  sales_end: z.string().nullable(),
  /** Tickets taken: paid, or held for a buyer who is paying. */
  taken: z.number(),
  remaining: z.number().nullable(),
  // m19: always sent by the server; optional so older readers of the shape keep working.
  members_only: z.boolean().optional(),
  member_price_minor: z.number().nullable().optional(),
  member_tier_ids: z.array(z.number()).optional(),
});
export type TTicketType = z.infer<typeof ZTicketType>;

export const ZDiscountCode = ZDiscountCodeInput.extend({
  id: z.number(),
  used: z.number(),
  expires: z.string().nullable(),
});

export const ZEventAdmin = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image_url: z.string(),
  // e18: in the editor's order, the first leading the public page.
  images: z.array(ZEventImage).optional(),
  starts: z.string(),
  ends: z.string(),
  starts_at: ZInstant,
  ends_at: ZInstant,
  time_zone: z.string(),
  venue_name: z.string(),
  venue_address: z.string(),
  map_url: z.string(),
  online_url: z.string(),
  capacity: z.number().nullable(),
  registration_opens: z.string().nullable(),
  registration_closes: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  organiser_name: z.string(),
  organiser_email: z.string(),
  campaign_id: z.number().nullable(),
  currency: z.string(),
  gift_ask: z.boolean(),
  ticket_types: z.array(ZTicketType),
  discount_codes: z.array(ZDiscountCode),
  // tix18c
  questions: z.array(ZCampaignQuestion),
});
export type TEventAdmin = z.infer<typeof ZEventAdmin>;

export const ZEventListItem = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(EVENT_STATUSES),
  starts_at: ZInstant,
  time_zone: z.string(),
  capacity: z.number().nullable(),
  /** Attendees with a paid ticket. */
  sold: z.number(),
  revenue_minor: z.number(),
  currency: z.string(),
  orders: z.number(),
});
export const ZEventList = z.object({ upcoming: z.array(ZEventListItem), past: z.array(ZEventListItem) });
export type TEventListItem = z.infer<typeof ZEventListItem>;
export type TEventList = z.infer<typeof ZEventList>;

/** What anyone may read of a published event: never the online link, which ticket holders get. */
export const ZPublicEvent = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  organisation: z.string(),
  description: z.string(),
  image_url: z.string(),
  // e18: the first is the page's hero, the others a strip below it.
  images: z.array(ZEventImage).optional(),
  starts_at: ZInstant,
  ends_at: ZInstant,
  time_zone: z.string(),
  locale: z.string(),
  venue_name: z.string(),
  venue_address: z.string(),
  map_url: z.string(),
  online: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  on_sale: z.boolean(),
  currency: z.string(),
  gift_ask: z.boolean(),
  has_discount_codes: z.boolean(),
  organiser_name: z.string(),
  organiser_email: z.string(),
  ticket_types: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      pricing: z.enum(TICKET_PRICINGS),
      price_minor: z.number(),
      fair_market_value_minor: z.number(),
      attendees_per_ticket: z.number(),
      per_order_limit: z.number(),
      remaining: z.number().nullable(),
      on_sale: z.boolean(),
      // m19: members-only tickets and member prices; the tiers that qualify by name (empty: every tier).
      members_only: z.boolean().optional(),
      member_price_minor: z.number().nullable().optional(),
      member_tiers: z.array(z.string()).optional(),
    }),
  ),
  // tix18c: asked once per ticket.
  questions: z.array(ZCampaignQuestion),
});
export type TPublicEvent = z.infer<typeof ZPublicEvent>;

export const ZTicketOrderRequest = z.object({
  lines: z
    .array(
      z.object({
        ticket_type_id: z.number().int().positive(),
        quantity: z.number().int().min(1).max(100),
        /** Pay what you want: the price per ticket the buyer chose. */
        price_minor: ZMinorAmount.optional(),
      }),
    )
    .min(1, EVENT_MESSAGES.noTickets)
    .max(20),
  buyer: z.object({
    first_name: required(100, 'Enter your first name.'),
    last_name: required(100, 'Enter your last name.'),
    email: ZEmail,
  }),
  /** One per attendee, in the order of the lines (a table of 8 brings 8). */
  attendees: z
    .array(
      z.object({
        name: required(200, 'Enter the attendee’s name.'),
        email: ZEmail,
        /** tix18c: answers to the event's questions, by question id. */
        answers: ZAnswers.optional(),
      }),
    )
    .max(500),
  discount_code: z.string().trim().toUpperCase().max(40).default(''),
  gift_minor: ZMinorAmount.default(0),
  /** m19: the membership that buys members-only tickets or member prices, as on the member card. */
  member: z
    .object({
      number: z.string().trim().min(1, 'Enter your member number.').max(20, 'Use the number on your member card.'),
      email: ZEmail,
    })
    .optional(),
});
export type TTicketOrderRequest = z.input<typeof ZTicketOrderRequest>;

export const ZTicketOrderSummary = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'paid', 'expired', 'cancelled', 'refunded']),
  event: z.object({ name: z.string(), slug: z.string(), starts_at: z.string(), time_zone: z.string() }),
  buyer_name: z.string(),
  buyer_email: z.string(),
  currency: z.string(),
  subtotal_minor: z.number(),
  discount_minor: z.number(),
  gift_minor: z.number(),
  total_minor: z.number(),
  fair_market_minor: z.number(),
  deductible_minor: z.number(),
  receipt_lines: z.array(z.string()),
  /** Only once paid: the online event's link and venue reach ticket holders. */
  online_url: z.string().nullable(),
  tickets: z.array(z.object({ type: z.string(), attendee_name: z.string(), attendee_email: z.string() })),
  /** m19: the member number whose membership bought member tickets in this order. */
  member_number: z.string().nullable().optional(),
});
export type TTicketOrderSummary = z.infer<typeof ZTicketOrderSummary>;

export const ZTicketOrderCreated = z.object({
  order: ZTicketOrderSummary,
  /** null when nothing is to be paid (free tickets): the order is already confirmed. */
  intent: z.object({ id: z.string(), client_secret: z.string() }).nullable(),
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  stripe_account: z.string().nullable(),
  /** fin18: Stripe's card form on the event page needs the installation's publishable key. */
  stripe_publishable_key: z.string().nullable().default(null),
  /** e18: whether the buyer may pay with PayPal instead (decision 081). */
  paypal: z.boolean().optional(),
});
export type TTicketOrderCreated = z.infer<typeof ZTicketOrderCreated>;

export const ZTicketOrderConfirm = z.object({ payment_intent: z.string().trim().min(1).max(255) });
/** e18: PayPal for a ticket order (decision 081): the order at PayPal, then its capture on return. */
export const ZTicketPaypalOrder = z.object({ order_id: z.string(), approve_url: z.string() });
export const ZTicketPaypalCapture = z.object({ order_id: z.string().trim().min(1).max(255) });

export const ZEventOrderAdmin = ZTicketOrderSummary.extend({
  id: z.number(),
  event_id: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  discount_code: z.string().nullable(),
  provider: z.string().nullable(),
  provider_reference: z.string().nullable(),
  tickets: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      attendee_name: z.string(),
      attendee_email: z.string(),
      status: z.string(),
      // tix18c: the attendee's answers, with each question as it read.
      answers: z.array(z.object({ question_id: z.number(), question: z.string(), answer: z.string() })),
    }),
  ),
  // tix18: single-ticket refunds; the order is partly refunded while 0 < refunded < total.
  refunded_minor: z.number(),
});
export type TEventOrderAdmin = z.infer<typeof ZEventOrderAdmin>;

export const ZEventOrderList = z.object({
  orders: z.array(
    z.object({
      id: z.number(),
      event_id: z.number(),
      event_name: z.string(),
      buyer_name: z.string(),
      buyer_email: z.string(),
      status: z.string(),
      tickets: z.number(),
      total_minor: z.number(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type TEventOrderList = z.infer<typeof ZEventOrderList>;
