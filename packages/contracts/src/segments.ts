import { z } from 'zod';
import { CONTACT_SORTS, CONTACT_TYPES } from './contacts.ts';
import { DONOR_RECURRING_STATUSES } from './donors.ts';

/**
 * CRM segments (docs/product/crm.md#segments): a saved group of contacts, either dynamic (rules over
 * the contact and their giving, evaluated when read) or static (contacts picked by hand). Each rule's
 * operator and value are typed by its field, so a rule that reaches the server is one it can compile.
 */

export const SEGMENT_MESSAGES = {
  notFound: 'Segment not found.',
  nameTaken: 'A segment with this name already exists.',
  name: 'Name the segment.',
  rules: 'Add at least one rule.',
  staticRules: 'A static list holds the contacts added to it: it has no rules.',
  notStatic: 'Contacts are added by hand to static lists only; this segment follows its rules.',
  contactNotFound: 'One of these contacts is not in your organisation.',
  fieldNotFound: 'Custom field not found.',
  fieldOperator: 'This operator does not apply to this custom field.',
  campaignNotFound: 'Campaign not found.',
  designationNotFound: 'Designation not found.',
  dateOrder: 'The end date must be on or after the start date.',
  day: 'Use a date as YYYY-MM-DD.',
  amount: 'Use an amount of 0 or more.',
  count: 'Use a whole number of 0 or more.',
  days: 'Use a number of days from 1 to 36,500.',
  value: 'Enter a value.',
  top: 'Use a number from 1 to 10,000.',
  // crm20: RFM score, membership and event attendance rules.
  rfm: 'Use a score from 3 to 15.',
  tierNotFound: 'Membership tier not found.',
  eventNotFound: 'Event not found.',
} as const;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SEGMENT_MESSAGES.day);
const ZMinor = z.number().int(SEGMENT_MESSAGES.amount).min(0, SEGMENT_MESSAGES.amount);
const ZCount = z.number().int(SEGMENT_MESSAGES.count).min(0, SEGMENT_MESSAGES.count);
const ZId = z.number().int().positive();

export const SEGMENT_TEXT_FIELDS = ['name', 'email', 'city', 'postal_code', 'country', 'employer', 'source'] as const;
export const SEGMENT_AMOUNT_FIELDS = ['lifetime_total', 'largest_gift'] as const;
export const SEGMENT_DATE_FIELDS = ['first_gift', 'last_gift'] as const;
export const COMPARISONS = ['at_least', 'at_most'] as const;
/** Before or on/after a day, or within / not within the last N days. */
export const DATE_OPERATORS = ['before', 'on_or_after', 'in_last_days', 'not_in_last_days'] as const;
export const CUSTOM_FIELD_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'at_least',
  'at_most',
  'is_set',
  'is_not_set',
] as const;

const rule = <F extends string, S extends z.ZodRawShape>(field: F, shape: S) =>
  z.object({ field: z.literal(field), ...shape });

export const ZSegmentRule = z.discriminatedUnion('field', [
  rule('contact_type', { operator: z.enum(['is', 'is_not']), value: z.enum(CONTACT_TYPES) }),
  rule('tag', {
    operator: z.enum(['has', 'has_not']),
    value: z.string().trim().min(1, SEGMENT_MESSAGES.value).max(40),
  }),
  rule('household', { operator: z.enum(['is_set', 'is_not_set']) }),
  rule('owner', { operator: z.enum(['is', 'is_not_set']), value: ZId.nullable().default(null) }),
  rule('text', {
    /** Which of the contact's text fields. */
    name: z.enum(SEGMENT_TEXT_FIELDS),
    operator: z.enum(['contains', 'is', 'is_empty']),
    value: z.string().trim().max(200).default(''),
  }),
  rule('custom_field', {
    field_id: ZId,
    operator: z.enum(CUSTOM_FIELD_OPERATORS),
    /** Typed by the field's type on the server (a number field's value is a number, a date's YYYY-MM-DD). */
    value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]).default(null),
  }),
  rule('amount', { name: z.enum(SEGMENT_AMOUNT_FIELDS), operator: z.enum(COMPARISONS), value: ZMinor }),
  rule('gift_count', { operator: z.enum(COMPARISONS), value: ZCount }),
  rule('gift_date', {
    name: z.enum(SEGMENT_DATE_FIELDS),
    operator: z.enum(DATE_OPERATORS),
    /** A day for before/on_or_after, a number of days for the others. */
    value: z.union([ZDay, z.number().int()]),
  }),
  rule('giving_in_period', {
    from: ZDay,
    /** Inclusive. */
    to: ZDay,
    measure: z.enum(['total', 'count']),
    operator: z.enum(COMPARISONS),
    value: ZCount,
  }),
  rule('recurring', { operator: z.literal('is'), value: z.enum(DONOR_RECURRING_STATUSES) }),
  rule('campaign', { operator: z.enum(['gave_to', 'not_gave_to']), value: ZId }),
  rule('designation', { operator: z.enum(['gave_to', 'not_gave_to']), value: ZId }),
  /** The N contacts with the largest lifetime totals (who have given), ties by newest contact. */
  rule('top_lifetime', {
    operator: z.literal('top'),
    value: z.number().int().min(1, SEGMENT_MESSAGES.top).max(10_000, SEGMENT_MESSAGES.top),
  }),
  /** LYBUNT and SYBUNT as the donors list defines them (docs/product/donors.md#retention). */
  rule('retention', { operator: z.literal('is'), value: z.enum(['lybunt', 'sybunt']) }),
  // crm20: the RFM score (docs/product/crm.md#segments): recency, frequency and monetary value each
  // scored 1 to 5 by quintile among the organisation's contacts who have given, added up (3 to 15).
  rule('rfm', {
    operator: z.enum(COMPARISONS),
    value: z.number().int(SEGMENT_MESSAGES.rfm).min(3, SEGMENT_MESSAGES.rfm).max(15, SEGMENT_MESSAGES.rfm),
  }),
  /** An active membership (in its grace period included), of one tier or of any when the value is null. */
  rule('membership', { operator: z.enum(['is_member', 'is_not_member']), value: ZId.nullable().default(null) }),
  /** A paid ticket order for one event, or for any when the value is null (matched by the buyer's e-mail). */
  rule('event', { operator: z.enum(['bought_for', 'not_bought_for']), value: ZId.nullable().default(null) }),
]);
export type TSegmentRule = z.infer<typeof ZSegmentRule>;
export type TSegmentRuleInput = z.input<typeof ZSegmentRule>;
export type TSegmentRuleField = TSegmentRule['field'];

const MAX_RULES = 20;
const ZMatch = z.enum(['all', 'any']);

/** A group of rules joined by AND (`all`) or OR (`any`); its items may be groups one level down. */
export const ZSegmentGroup = z
  .object({
    match: ZMatch,
    rules: z
      .array(z.union([ZSegmentRule, z.object({ match: ZMatch, rules: z.array(ZSegmentRule).min(1).max(MAX_RULES) })]))
      .max(MAX_RULES),
  })
  .superRefine((g, ctx) => {
    g.rules.forEach((r, i) => {
      if ('field' in r && r.field === 'gift_date') {
        const dayOp = r.operator === 'before' || r.operator === 'on_or_after';
        if (dayOp !== (typeof r.value === 'string'))
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'value'],
            message: dayOp ? SEGMENT_MESSAGES.day : SEGMENT_MESSAGES.days,
          });
        else if (typeof r.value === 'number' && (r.value < 1 || r.value > 36_500))
          ctx.addIssue({ code: 'custom', path: ['rules', i, 'value'], message: SEGMENT_MESSAGES.days });
      }
      if ('field' in r && r.field === 'giving_in_period' && r.to < r.from)
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'to'], message: SEGMENT_MESSAGES.dateOrder });
      if ('field' in r && r.field === 'owner' && r.operator === 'is' && r.value === null)
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'value'], message: SEGMENT_MESSAGES.value });
      if ('field' in r && r.field === 'text' && r.operator !== 'is_empty' && r.value === '')
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'value'], message: SEGMENT_MESSAGES.value });
    });
  });
export type TSegmentGroup = z.infer<typeof ZSegmentGroup>;
export type TSegmentGroupInput = z.input<typeof ZSegmentGroup>;
export type TSegmentItem = TSegmentGroup['rules'][number];
export const isSegmentRule = (item: TSegmentItem): item is TSegmentRule => 'field' in item;

export const SEGMENT_KINDS = ['dynamic', 'static'] as const;
export type TSegmentKind = (typeof SEGMENT_KINDS)[number];

export const ZSegmentInput = z
  .object({
    name: z.string().trim().min(1, SEGMENT_MESSAGES.name).max(80),
    description: z.string().trim().max(500).default(''),
    kind: z.enum(SEGMENT_KINDS).default('dynamic'),
    rules: ZSegmentGroup.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'dynamic' && (!s.rules || s.rules.rules.length === 0))
      ctx.addIssue({ code: 'custom', path: ['rules'], message: SEGMENT_MESSAGES.rules });
    if (s.kind === 'static' && s.rules)
      ctx.addIssue({ code: 'custom', path: ['rules'], message: SEGMENT_MESSAGES.staticRules });
  });
export type TSegmentInput = z.input<typeof ZSegmentInput>;

export const ZSegment = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(SEGMENT_KINDS),
  rules: ZSegmentGroup.nullable(),
  /** Members now. */
  count: z.number().int(),
  updated_at: z.string(),
});
export type TSegment = z.infer<typeof ZSegment>;
export const ZSegmentList = z.object({ segments: z.array(ZSegment) });
export type TSegmentList = z.infer<typeof ZSegmentList>;

/** The live count while a segment's rules are edited. */
export const ZSegmentCountInput = z.object({ rules: ZSegmentGroup });
export const ZSegmentCount = z.object({ count: z.number().int() });
export type TSegmentCount = z.infer<typeof ZSegmentCount>;

export const ZSegmentMembersInput = z.object({ contact_ids: z.array(ZId).min(1).max(500) });
export type TSegmentMembersInput = z.input<typeof ZSegmentMembersInput>;

/** The members page: the contacts list's paging and sort. */
export const ZSegmentDonorsQuery = z.object({
  sort: z.enum(CONTACT_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type TSegmentDonorsQuery = z.input<typeof ZSegmentDonorsQuery>;

/** What the rule builder offers beside the contacts' options: campaigns and designations to pick. */
export const ZSegmentOptions = z.object({
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
  designations: z.array(z.object({ id: z.number().int(), name: z.string(), campaign: z.string() })),
  /** The organisation's base currency: amounts in rules are in it. */
  currency: z.string(),
  // crm20: membership tiers and events to pick.
  tiers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  events: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TSegmentOptions = z.infer<typeof ZSegmentOptions>;
