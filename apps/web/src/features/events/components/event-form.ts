// The event editor's state: what staff type (money in major units, as text) and the API's input.
import {
  EVENT_MESSAGES,
  fromMinorUnits,
  type TAnswerType,
  type TDiscountKind,
  type TEventAdmin,
  type TEventInput,
  type TEventStatus,
  type TTicketPricing,
  toMinorUnits,
} from '@kindling/contracts';
import { type ImageItem, newImageKey } from '../../../shared/ImageListEditor.tsx';

export type TicketTypeForm = {
  id?: number;
  name: string;
  description: string;
  pricing: TTicketPricing;
  price: string;
  fair_market_value: string;
  quantity: string;
  per_order_limit: string;
  attendees_per_ticket: string;
  sales_start: string;
  sales_end: string;
  taken: number;
  // m19: members only, a member price (empty: none) and the tiers that qualify (decision 090).
  members_only: boolean;
  member_price: string;
  member_tier_ids: string[];
};

export type DiscountCodeForm = {
  id?: number;
  code: string;
  kind: TDiscountKind;
  amount: string;
  usage_limit: string;
  expires: string;
  used: number;
};

export type EventForm = {
  name: string;
  slug: string;
  description: string;
  image_url: string;
  // e18: several images in order (docs/decisions/089-event-images.md); the first is the event's image.
  images: ImageItem[];
  starts: string;
  ends: string;
  time_zone: string;
  venue_name: string;
  venue_address: string;
  map_url: string;
  online_url: string;
  capacity: string;
  registration_opens: string;
  registration_closes: string;
  status: TEventStatus;
  organiser_name: string;
  organiser_email: string;
  campaign_id: string;
  currency: string;
  gift_ask: boolean;
  ticket_types: TicketTypeForm[];
  discount_codes: DiscountCodeForm[];
  // tix18c: asked of each attendee on the public page.
  questions: QuestionForm[];
};

export type QuestionForm = {
  id?: number;
  content: string;
  answer_type: TAnswerType;
  options: string[];
  response_required: boolean;
};

export const newQuestion = (): QuestionForm => ({
  content: '',
  answer_type: 'Text',
  options: [],
  response_required: false,
});

export const newTicketType = (): TicketTypeForm => ({
  name: '',
  description: '',
  pricing: 'fixed',
  price: '',
  fair_market_value: '0',
  quantity: '',
  per_order_limit: '10',
  attendees_per_ticket: '1',
  sales_start: '',
  sales_end: '',
  taken: 0,
  members_only: false,
  member_price: '',
  member_tier_ids: [],
});

export const newDiscountCode = (): DiscountCodeForm => ({
  code: '',
  kind: 'percent',
  amount: '',
  usage_limit: '',
  expires: '',
  used: 0,
});

export function emptyEventForm(timeZone: string, currency: string): EventForm {
  return {
    name: '',
    slug: '',
    description: '',
    image_url: '',
    images: [],
    starts: '',
    ends: '',
    time_zone: timeZone,
    venue_name: '',
    venue_address: '',
    map_url: '',
    online_url: '',
    capacity: '',
    registration_opens: '',
    registration_closes: '',
    status: 'draft',
    organiser_name: '',
    organiser_email: '',
    campaign_id: '',
    currency,
    gift_ask: false,
    ticket_types: [newTicketType()],
    discount_codes: [],
    questions: [],
  };
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function formOf(e: TEventAdmin): EventForm {
  return {
    ...e,
    images: (e.images ?? []).map((i) => ({ key: newImageKey(), url: i.url, alt: i.alt })),
    capacity: text(e.capacity),
    registration_opens: e.registration_opens ?? '',
    registration_closes: e.registration_closes ?? '',
    campaign_id: text(e.campaign_id),
    ticket_types: e.ticket_types.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      pricing: t.pricing,
      price: fromMinorUnits(t.price_minor, e.currency),
      fair_market_value: fromMinorUnits(t.fair_market_value_minor, e.currency),
      quantity: text(t.quantity),
      per_order_limit: String(t.per_order_limit),
      attendees_per_ticket: String(t.attendees_per_ticket),
      sales_start: t.sales_start ?? '',
      sales_end: t.sales_end ?? '',
      taken: t.taken,
      members_only: t.members_only ?? false,
      member_price: typeof t.member_price_minor === 'number' ? fromMinorUnits(t.member_price_minor, e.currency) : '',
      member_tier_ids: (t.member_tier_ids ?? []).map(String),
    })),
    discount_codes: e.discount_codes.map((c) => ({
      id: c.id,
      code: c.code,
      kind: c.kind,
      amount: c.kind === 'fixed' ? fromMinorUnits(c.amount, e.currency) : String(c.amount),
      usage_limit: text(c.usage_limit),
      expires: c.expires ?? '',
      used: c.used,
    })),
  };
}

/** Errors the browser can tell before asking the server, keyed like the server's fields. */
export type FormErrors = Record<string, string>;

const count = (value: string) => (value.trim() === '' ? null : Number(value));

/** The API's input, or the fields the browser already knows are wrong. */
export function inputOf(form: EventForm): { input: TEventInput } | { errors: FormErrors } {
  const errors: FormErrors = {};
  const money = (value: string, field: string) => {
    const parsed = toMinorUnits(value === '' ? '0' : value, form.currency);
    if (!parsed.ok) errors[field] = parsed.error;
    return parsed.ok ? parsed.minor : 0;
  };
  const input: TEventInput = {
    ...form,
    // The images decide; image_url (an uploaded /uploads/ path once saved) is not sent back.
    image_url: '',
    images: form.images.map(({ url, alt }) => ({ url, alt })),
    capacity: count(form.capacity),
    campaign_id: form.campaign_id ? Number(form.campaign_id) : null,
    registration_opens: form.registration_opens || null,
    registration_closes: form.registration_closes || null,
    ticket_types: form.ticket_types.map((t, i) => ({
      ...(t.id ? { id: t.id } : {}),
      ...memberInput(t, i, money, errors),
      name: t.name,
      description: t.description,
      pricing: t.pricing,
      price_minor: t.pricing === 'free' ? 0 : money(t.price, `ticket_types.${i}.price_minor`),
      fair_market_value_minor: money(t.fair_market_value, `ticket_types.${i}.fair_market_value_minor`),
      quantity: count(t.quantity),
      per_order_limit: Number(t.per_order_limit || 10),
      attendees_per_ticket: Number(t.attendees_per_ticket || 1),
      sales_start: t.sales_start || null,
      sales_end: t.sales_end || null,
    })),
    discount_codes: form.discount_codes.map((c, i) => ({
      ...(c.id ? { id: c.id } : {}),
      code: c.code,
      kind: c.kind,
      amount: c.kind === 'fixed' ? money(c.amount, `discount_codes.${i}.amount`) : Number(c.amount),
      usage_limit: count(c.usage_limit),
      expires: c.expires || null,
    })),
  };
  return Object.keys(errors).length > 0 ? { errors } : { input };
}

/** m19: a ticket type's member fields as the API takes them; a member price not below the price is refused here too. */
function memberInput(
  t: TicketTypeForm,
  i: number,
  money: (value: string, field: string) => number,
  errors: FormErrors,
) {
  const field = `ticket_types.${i}.member_price_minor`;
  const priced = t.pricing === 'fixed' && t.member_price.trim() !== '';
  const memberPrice = priced ? money(t.member_price, field) : null;
  if (memberPrice !== null && memberPrice >= money(t.price, `ticket_types.${i}.price_minor`) && !errors[field])
    errors[field] = EVENT_MESSAGES.memberPriceBelow;
  return {
    members_only: t.members_only,
    member_price_minor: memberPrice,
    member_tier_ids: t.members_only || memberPrice !== null ? t.member_tier_ids.map(Number) : [],
  };
}

/** The address a name suggests: 'Harvest Gala 2026' → 'harvest-gala-2026'. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
