import { z } from 'zod';

/**
 * The communications record (docs/product/crm-communications.md): every interaction with a contact
 * in one list. E-mails the product sent are read from what their senders already stamp; calls,
 * meetings, letters and other contacts are logged by staff; donor notes appear as notes.
 */

export const LOGGED_COMMUNICATION_KINDS = ['call', 'meeting', 'letter', 'email', 'sms', 'other'] as const;
export type TLoggedCommunicationKind = (typeof LOGGED_COMMUNICATION_KINDS)[number];
export const COMMUNICATION_KINDS = [...LOGGED_COMMUNICATION_KINDS, 'note'] as const;
export type TCommunicationKind = (typeof COMMUNICATION_KINDS)[number];
export const COMMUNICATION_KIND_LABELS: Record<TCommunicationKind, string> = {
  call: 'Call',
  meeting: 'Meeting',
  letter: 'Letter',
  email: 'E-mail',
  sms: 'Text message',
  other: 'Other',
  note: 'Note',
};

/** Where an entry comes from: logged by hand, a note, or an e-mail the product sent. */
export const COMMUNICATION_SOURCES = [
  'logged',
  'note',
  'receipt',
  'thank_you',
  'upcoming_charge',
  'card_expiring',
  'failed_charge',
  'plan_cancelled',
] as const;
export type TCommunicationSource = (typeof COMMUNICATION_SOURCES)[number];
export const COMMUNICATION_SOURCE_LABELS: Record<TCommunicationSource, string> = {
  logged: 'Logged by staff',
  note: 'Donor note',
  receipt: 'Receipt e-mail',
  thank_you: 'Thank-you e-mail',
  upcoming_charge: 'Upcoming charge e-mail',
  card_expiring: 'Card expiring e-mail',
  failed_charge: 'Failed payment e-mail',
  plan_cancelled: 'Plan cancelled e-mail',
};

export const COMMUNICATION_DIRECTIONS = ['outbound', 'inbound'] as const;
export type TCommunicationDirection = (typeof COMMUNICATION_DIRECTIONS)[number];

export const COMMUNICATION_MESSAGES = {
  notFound: 'Communication not found.',
  contact: 'Choose a contact.',
  contactNotFound: 'Contact not found.',
  subject: 'Enter a subject (up to 200 characters).',
  body: 'Keep the summary under 10,000 characters.',
  occurredAt: 'Enter when it happened; it cannot be in the future.',
  notYours: 'Only the person who logged this, or an administrator, can delete it.',
  guideNotFound: 'Guide page not found.',
  guideTitle: 'Enter a title (up to 120 characters).',
  guideBody: 'Keep the page under 100,000 characters.',
  guideSlugTaken: 'A page with this title already exists.',
  guideLast: 'The guide needs at least one page.',
} as const;

export const ZCommunication = z.object({
  /** Unique across the list: the entry's source and its row id, e.g. logged-12, receipt-40. */
  key: z.string(),
  /** The logged row's id (only logged entries can be deleted). */
  id: z.number().int().nullable(),
  kind: z.enum(COMMUNICATION_KINDS),
  source: z.enum(COMMUNICATION_SOURCES),
  direction: z.enum(COMMUNICATION_DIRECTIONS),
  subject: z.string(),
  body: z.string(),
  occurred_at: z.string(),
  contact: z.object({ id: z.number().int(), name: z.string() }),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  donation_id: z.number().int().nullable(),
  /** The viewer may delete it: a logged entry of their own, or any logged entry for an admin. */
  deletable: z.boolean(),
});
export type TCommunication = z.infer<typeof ZCommunication>;

export const COMMUNICATIONS_PAGE_SIZE = 25;

export const ZCommunicationListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  kind: z.enum(COMMUNICATION_KINDS).optional(),
  contact_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(400).default(1),
});
/** The list's query as a client sends it (coerced fields read as unknown in z.input). */
export type TCommunicationListQuery = {
  search?: string;
  kind?: TCommunicationKind;
  contact_id?: number;
  page?: number;
};

export const ZCommunicationList = z.object({
  communications: z.array(ZCommunication),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type TCommunicationList = z.infer<typeof ZCommunicationList>;

const trimmed = (max: number, message: string) => z.string().trim().max(max, { message });

export const ZCommunicationInput = z.object({
  contact_id: z.number({ message: COMMUNICATION_MESSAGES.contact }).int().positive(COMMUNICATION_MESSAGES.contact),
  kind: z.enum(LOGGED_COMMUNICATION_KINDS),
  direction: z.enum(COMMUNICATION_DIRECTIONS).default('outbound'),
  subject: trimmed(200, COMMUNICATION_MESSAGES.subject).min(1, { message: COMMUNICATION_MESSAGES.subject }),
  body: trimmed(10_000, COMMUNICATION_MESSAGES.body).default(''),
  occurred_at: z.iso
    .datetime({ offset: true, message: COMMUNICATION_MESSAGES.occurredAt })
    // A minute of grace for a clock a little ahead of the server's.
    .refine((v) => Date.parse(v) <= Date.now() + 60_000, { message: COMMUNICATION_MESSAGES.occurredAt }),
});
export type TCommunicationInput = z.input<typeof ZCommunicationInput>;

/** The organisation's communications guide: rich-text pages for staff (tone, scripts, templates). */
export const ZGuidePage = z.object({
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  position: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TGuidePage = z.infer<typeof ZGuidePage>;
export const ZGuide = z.object({ pages: z.array(ZGuidePage) });
export type TGuide = z.infer<typeof ZGuide>;

export const ZGuidePageInput = z.object({
  title: trimmed(120, COMMUNICATION_MESSAGES.guideTitle).min(1, { message: COMMUNICATION_MESSAGES.guideTitle }),
  body_html: z.string().max(100_000, { message: COMMUNICATION_MESSAGES.guideBody }),
});
export type TGuidePageInput = z.infer<typeof ZGuidePageInput>;
