import { z } from 'zod';
import { POSTAL_ADDRESS_INPUT, profileText as text } from './donors.ts';

/**
 * CRM contacts (docs/product/crm.md): every donor is a contact, and staff add people and
 * organisations who have not given. Households, relationships, custom fields and saved views.
 */

export const CONTACT_TYPES = ['individual', 'prospect', 'volunteer', 'board_member', 'company', 'foundation'] as const;
export type TContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_TYPE_LABELS: Record<TContactType, string> = {
  individual: 'Individual',
  prospect: 'Prospect',
  volunteer: 'Volunteer',
  board_member: 'Board member',
  company: 'Company',
  foundation: 'Foundation',
};
/** Companies and foundations are organisations: their name is kept as the last name, the first name is empty. */
export const isOrganisationType = (t: TContactType) => t === 'company' || t === 'foundation';

export const COMMUNICATION_CHANNELS = ['email', 'post', 'phone', 'sms'] as const;
export type TCommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const CONTACT_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'yes_no'] as const;
export type TContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];

/** A relationship named from one side, and how the other side reads it. */
export const RELATIONSHIP_KINDS = {
  spouse: { label: 'Spouse of', inverse: 'Spouse of' },
  partner: { label: 'Partner of', inverse: 'Partner of' },
  parent: { label: 'Parent of', inverse: 'Child of' },
  sibling: { label: 'Sibling of', inverse: 'Sibling of' },
  employer: { label: 'Employer of', inverse: 'Employee of' },
  board_member: { label: 'Board member of', inverse: 'Has board member' },
  volunteer: { label: 'Volunteers for', inverse: 'Has volunteer' },
  friend: { label: 'Friend of', inverse: 'Friend of' },
} as const;
export type TRelationshipKind = keyof typeof RELATIONSHIP_KINDS;
export const RELATIONSHIP_KIND_KEYS = Object.keys(RELATIONSHIP_KINDS) as [TRelationshipKind, ...TRelationshipKind[]];

export const CONTACT_MESSAGES = {
  notFound: 'Contact not found.',
  householdNotFound: 'Household not found.',
  viewNotFound: 'Saved view not found.',
  fieldNotFound: 'Custom field not found.',
  relationshipNotFound: 'Relationship not found.',
  emailTaken: 'Another contact already has this e-mail address: open that contact or merge the two.',
  name: 'Enter a name.',
  hasGifts: 'This contact has gifts, so they cannot be deleted: anonymise them instead to remove their personal data.',
  owner: 'Choose a member of your team.',
  relationshipSelf: 'Choose a different contact: a contact cannot be related to themselves.',
  relationshipExists: 'This relationship is already recorded.',
  fieldLabelTaken: 'A custom field with this name already exists.',
  choiceOptions: 'Give a choice field at least one option.',
  sharedView: 'Only administrators can save or change a shared view.',
  number: 'Enter a number.',
  date: 'Use a date as YYYY-MM-DD.',
  choice: 'Choose one of the options.',
  yesNo: 'Answer yes or no.',
  text: 'Use at most 500 characters.',
  primaryPhone: 'Mark one phone number as primary.',
  // crm20: households' members and soft credits.
  memberElsewhere: 'This contact is in another household: remove them from it first.',
  memberNotFound: 'This contact is not a member of the household.',
  giftNotFound: 'Gift not found.',
  softCreditDonor: 'This contact gave the gift: credit someone else.',
  softCreditExists: 'This contact is already credited with the gift.',
  softCreditNotFound: 'This contact is not credited with the gift.',
} as const;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, CONTACT_MESSAGES.date);
const ZEmail = z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254);
const ZTag = z.string().trim().min(1, 'Write the tag.').max(40, 'A tag has at most 40 characters.');

export const ZContactAddress = z.object({
  label: text(40).default(''),
  ...POSTAL_ADDRESS_INPUT,
});
export type TContactAddress = z.infer<typeof ZContactAddress>;

export const ZCustomFieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TCustomFieldValue = z.infer<typeof ZCustomFieldValue>;

/** Creating a contact, and (every key optional) changing one. */
export const ZContactInput = z
  .object({
    contact_type: z.enum(CONTACT_TYPES).default('prospect'),
    first_name: text(100).default(''),
    last_name: text(200).default(''),
    /** The primary e-mail; '' for none. */
    email: z.union([z.literal(''), ZEmail]).default(''),
    emails: z
      .array(z.object({ email: ZEmail, label: text(40).default('') }))
      .max(10)
      .default([]),
    phones: z
      .array(
        z.object({
          number: z.string().trim().min(3, 'Enter a phone number.').max(40),
          label: text(40).default(''),
          primary: z.boolean().default(false),
        }),
      )
      .max(10)
      .default([]),
    /** The primary address. */
    address: ZContactAddress.omit({ label: true }).default({
      address: '',
      address2: '',
      city: '',
      state: '',
      postal_code: '',
      country: '',
    }),
    addresses: z.array(ZContactAddress).max(10).default([]),
    date_of_birth: ZDay.nullable().default(null),
    employer: text(200).default(''),
    source: text(100).default(''),
    owner_user_id: z.number().int().positive().nullable().default(null),
    household_id: z.number().int().positive().nullable().default(null),
    tags: z.array(ZTag).max(30).default([]),
    /** Channels the contact agreed to be reached by; a channel turned off is recorded with today's date and `opt_out_source`. */
    communication: z
      .object({ email: z.boolean(), post: z.boolean(), phone: z.boolean(), sms: z.boolean() })
      .partial()
      .default({}),
    opt_out_source: text(100).default(''),
    /** By custom field id; null clears a value. */
    custom_fields: z.record(z.string().regex(/^\d+$/), ZCustomFieldValue).default({}),
  })
  .superRefine((c, ctx) => {
    if (!c.first_name && !c.last_name)
      ctx.addIssue({ code: 'custom', path: ['last_name'], message: CONTACT_MESSAGES.name });
    if (c.phones.length > 0 && c.phones.filter((p) => p.primary).length > 1)
      ctx.addIssue({ code: 'custom', path: ['phones'], message: CONTACT_MESSAGES.primaryPhone });
  });
export type TContactInput = z.input<typeof ZContactInput>;

export const CONTACT_SORTS = ['name', 'created', 'lifetime_total', 'last_gift'] as const;
export type TContactSort = (typeof CONTACT_SORTS)[number];
export const CONTACT_COLUMNS = [
  'email',
  'type',
  'tags',
  'owner',
  'household',
  'lifetime_total',
  'last_gift',
  'custom_fields',
] as const;
export type TContactColumn = (typeof CONTACT_COLUMNS)[number];

/** The list's filters: what a saved view keeps beside its columns and sort. */
export const ZContactFilters = z.object({
  search: z.string().trim().max(150).optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  tag: z.string().trim().max(40).optional(),
  /** A team member's id, or 'none' for contacts nobody owns. */
  owner: z.union([z.literal('none'), z.coerce.number().int().positive()]).optional(),
  /** A custom field's id and the value it must have. */
  field_id: z.coerce.number().int().positive().optional(),
  field_value: z.string().trim().max(200).optional(),
});
export type TContactFilters = z.infer<typeof ZContactFilters>;

export const ZContactListQuery = ZContactFilters.extend({
  sort: z.enum(CONTACT_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type TContactListQuery = z.input<typeof ZContactListQuery>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZContactSummary = z.object({
  id: z.number().int(),
  contact_type: z.enum(CONTACT_TYPES),
  /** How the contact is named: an organisation's name, or a person's first and last names. */
  name: z.string(),
  email: z.string(),
  tags: z.array(z.string()),
  owner: ZRef.nullable(),
  household: ZRef.nullable(),
  lifetime_total_minor: z.number().int(),
  gift_count: z.number().int(),
  last_gift_at: z.string().nullable(),
  custom_fields: z.record(z.string(), ZCustomFieldValue),
});
export type TContactSummary = z.infer<typeof ZContactSummary>;

export const ZContactListResponse = z.object({
  contacts: z.array(ZContactSummary),
  /** Matching contacts, counted up to 10,000 (then `total_capped`). */
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
  currency: z.string(),
});
export type TContactListResponse = z.infer<typeof ZContactListResponse>;

export const ZHouseholdInput = z.object({
  name: z.string().trim().min(1, 'Name the household.').max(200),
  salutation: text(200).default(''),
  ...POSTAL_ADDRESS_INPUT,
});
export type THouseholdInput = z.input<typeof ZHouseholdInput>;

export const ZHousehold = z.object({
  id: z.number().int(),
  name: z.string(),
  salutation: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  members: z.array(ZRef.extend({ lifetime_total_minor: z.number().int(), gift_count: z.number().int() })),
  /** Every member's gifts, each gift counted once. */
  lifetime_total_minor: z.number().int(),
  gift_count: z.number().int(),
  currency: z.string(),
  /** Giving years in which a member gave, newest first: the years a household statement can cover. */
  statement_years: z.array(z.number().int()),
});
export type THousehold = z.infer<typeof ZHousehold>;
export const ZHouseholdList = z.object({ households: z.array(ZRef.extend({ member_count: z.number().int() })) });
export type THouseholdList = z.infer<typeof ZHouseholdList>;

export const ZRelationshipInput = z.object({
  kind: z.enum(RELATIONSHIP_KIND_KEYS),
  /** True when the other contact is `kind` of this one (the other is the parent, the employer). */
  inverse: z.boolean().default(false),
  other_id: z.number().int().positive(),
});
export type TRelationshipInput = z.input<typeof ZRelationshipInput>;

export const ZContactRelationship = z.object({
  id: z.number().int(),
  kind: z.enum(RELATIONSHIP_KIND_KEYS),
  /** How it reads from this contact's side: "Parent of", "Employee of". */
  label: z.string(),
  other: ZRef,
});
export type TContactRelationship = z.infer<typeof ZContactRelationship>;

export const ZCommunicationPreference = z.object({
  allowed: z.boolean(),
  opted_out_at: z.string().nullable(),
  source: z.string(),
});

// crm20: soft credits (docs/product/crm.md#soft-credits-and-tributes): a gift credited to contacts besides its donor.
export const SOFT_CREDIT_KINDS = ['soft_credit', 'matching_gift'] as const;
export const SOFT_CREDIT_LABELS = { soft_credit: 'Soft credit', matching_gift: 'Matching gift' } as const;
export const ZSoftCreditInput = z.object({
  contact_id: z.number().int().positive(),
  kind: z.enum(SOFT_CREDIT_KINDS).default('soft_credit'),
});
export type TSoftCreditInput = z.input<typeof ZSoftCreditInput>;
/** One soft credit: the credited contact, the gift and who gave it. */
export const ZSoftCredit = z.object({
  contact: ZRef,
  kind: z.enum(SOFT_CREDIT_KINDS),
  donation_id: z.number().int(),
  donor: ZRef,
  amount_minor: z.number().int(),
  currency: z.string(),
  donated_at: z.string(),
});
export type TSoftCredit = z.infer<typeof ZSoftCredit>;
export const ZSoftCreditList = z.object({ soft_credits: z.array(ZSoftCredit) });
export type TSoftCreditList = z.infer<typeof ZSoftCreditList>;
/** A contact joining a household. */
export const ZHouseholdMemberInput = z.object({ contact_id: z.number().int().positive() });

export const ZContactRecord = z.object({
  id: z.number().int(),
  contact_type: z.enum(CONTACT_TYPES),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  emails: z.array(z.object({ email: z.string(), label: z.string() })),
  phones: z.array(z.object({ number: z.string(), label: z.string(), primary: z.boolean() })),
  address: ZContactAddress.omit({ label: true }),
  addresses: z.array(ZContactAddress),
  date_of_birth: z.string().nullable(),
  employer: z.string(),
  source: z.string(),
  owner: ZRef.nullable(),
  tags: z.array(z.string()),
  communication: z.record(z.enum(COMMUNICATION_CHANNELS), ZCommunicationPreference),
  custom_fields: z.record(z.string(), ZCustomFieldValue),
  household: ZHousehold.nullable(),
  relationships: z.array(ZContactRelationship),
  // crm20: gifts credited to the contact (never in `giving`): their total in the base currency and the latest ten.
  soft_credits: z.object({ total_minor: z.number().int(), count: z.number().int(), latest: z.array(ZSoftCredit) }),
  giving: z.object({
    lifetime_total_minor: z.number().int(),
    gift_count: z.number().int(),
    first_gift_at: z.string().nullable(),
    last_gift_at: z.string().nullable(),
    currency: z.string(),
  }),
  created_at: z.string(),
});
export type TContactRecord = z.infer<typeof ZContactRecord>;

export const ZContactFieldInput = z
  .object({
    label: z.string().trim().min(1, 'Name the field.').max(60),
    field_type: z.enum(CONTACT_FIELD_TYPES),
    options: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  })
  .superRefine((f, ctx) => {
    if (f.field_type === 'choice' && f.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: CONTACT_MESSAGES.choiceOptions });
  });
export type TContactFieldInput = z.input<typeof ZContactFieldInput>;
export const ZContactField = z.object({
  id: z.number().int(),
  label: z.string(),
  field_type: z.enum(CONTACT_FIELD_TYPES),
  options: z.array(z.string()),
});
export type TContactField = z.infer<typeof ZContactField>;
export const ZContactFieldList = z.object({ fields: z.array(ZContactField) });

export const ZContactViewConfig = z.object({
  columns: z.array(z.enum(CONTACT_COLUMNS)).max(CONTACT_COLUMNS.length),
  filters: ZContactFilters,
  sort: z.enum(CONTACT_SORTS),
  direction: z.enum(['asc', 'desc']),
});
export type TContactViewConfig = z.infer<typeof ZContactViewConfig>;
export const ZContactViewInput = z.object({
  name: z.string().trim().min(1, 'Name the view.').max(80),
  /** Shared with the whole organisation, or kept for the one who saved it. */
  shared: z.boolean().default(false),
  config: ZContactViewConfig,
});
export type TContactViewInput = z.input<typeof ZContactViewInput>;
export const ZContactView = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  mine: z.boolean(),
  config: ZContactViewConfig,
});
export type TContactView = z.infer<typeof ZContactView>;
export const ZContactViewList = z.object({ views: z.array(ZContactView) });

export const ZContactBulkInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('tag'), ids: z.array(z.number().int().positive()).min(1).max(500), tag: ZTag }),
  z.object({
    action: z.literal('assign'),
    ids: z.array(z.number().int().positive()).min(1).max(500),
    owner_user_id: z.number().int().positive().nullable(),
  }),
]);
export type TContactBulkInput = z.input<typeof ZContactBulkInput>;
export const ZContactBulkResult = z.object({ updated: z.number().int() });

export const ZContactTeamMember = ZRef;
export const ZContactOptions = z.object({
  fields: z.array(ZContactField),
  team: z.array(ZRef),
  households: z.array(ZRef.extend({ member_count: z.number().int() })),
});
export type TContactOptions = z.infer<typeof ZContactOptions>;
