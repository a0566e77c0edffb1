import { z } from 'zod';
import { CONTACT_TYPES } from './contacts.ts';
import { IMPORT_STATUSES } from './imports.ts';

// Contacts import (/dashboard/crm/contacts/import, docs/product/crm.md#import): a CSV of people and
// organisations, its columns mapped to contact fields by staff, each row matched to an existing
// contact by e-mail, checked and previewed, then written by a background job. The file limits are
// the donations import's (IMPORT_MAX_BYTES, IMPORT_MAX_ROWS).

/** The contact fields a column can fill; email is the one that must be mapped (the match key). */
export const CONTACT_IMPORT_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'contact_type',
  'employer',
  'phone',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'source',
  'tags',
] as const;
export type TContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

export const CONTACT_IMPORT_FIELD_LABELS: Record<TContactImportField, string> = {
  email: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  contact_type: 'Type',
  employer: 'Employer',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State / region',
  postal_code: 'Postal code',
  country: 'Country',
  source: 'Source',
  tags: 'Tags (separated by ;)',
};

/** What happens to a row whose e-mail is already a contact's; a row with a new e-mail is created. */
export const CONTACT_IMPORT_ON_MATCH = ['update', 'skip'] as const;
export type TContactImportOnMatch = (typeof CONTACT_IMPORT_ON_MATCH)[number];

export const CONTACT_IMPORT_MESSAGES = {
  notFound: 'No such contacts import.',
  noEmailColumn: 'Choose the column that holds the e-mail address: contacts are matched on it.',
  started: 'This import has already started; upload the file again to change its mapping.',
  nothing: 'No row of this file can be imported; correct it and upload it again.',
  notUtf8: 'The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again.',
  noRows: 'The file has no contacts: add a row under the header.',
} as const;

/** Column (as written in the file's header) chosen for each field; unmapped fields are left out. */
export const ZContactImportMapping = z
  .object({
    mapping: z.partialRecord(z.enum(CONTACT_IMPORT_FIELDS), z.string().min(1).max(200)),
    on_match: z.enum(CONTACT_IMPORT_ON_MATCH).default('update'),
  })
  .refine((m) => Boolean(m.mapping.email), {
    message: CONTACT_IMPORT_MESSAGES.noEmailColumn,
    path: ['mapping', 'email'],
  });
export type TContactImportMapping = z.input<typeof ZContactImportMapping>;

const cell = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field}: at most ${max} characters.`)
    .optional()
    .transform((v) => v ?? '');

/**
 * One mapped row as text into a contact. Empty cells stay empty strings: on update they leave the
 * contact's value as it was.
 */
export const ZContactImportRow = z.object({
  email: z
    .string({ error: 'email: required.' })
    .trim()
    .toLowerCase()
    .min(1, 'email: required.')
    .email('email: not a valid e-mail address.')
    .max(254, 'email: at most 254 characters.'),
  first_name: cell('first_name', 100),
  last_name: cell('last_name', 100),
  contact_type: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/\s+/g, '_'))
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || (CONTACT_TYPES as readonly string[]).includes(v), {
      message: `contact_type: one of ${CONTACT_TYPES.join(', ')}.`,
    }),
  employer: cell('employer', 200),
  phone: cell('phone', 40),
  address: cell('address', 200),
  city: cell('city', 100),
  state: cell('state', 100),
  postal_code: cell('postal_code', 20),
  country: cell('country', 100),
  source: cell('source', 100),
  tags: cell('tags', 500).transform((v) =>
    v
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 20),
  ),
});
export type TContactImportRow = z.output<typeof ZContactImportRow>;

export const CONTACT_IMPORT_ACTIONS = ['create', 'update', 'skip'] as const;

export const ZContactImportSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  /** uploaded: waiting for its mapping; the others as the donations import's. */
  status: z.enum(['uploaded', ...IMPORT_STATUSES]),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  on_match: z.enum(CONTACT_IMPORT_ON_MATCH),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
  failed_count: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  failure_message: z.string().nullable(),
});
export type TContactImportSummary = z.infer<typeof ZContactImportSummary>;

export const ZContactImportPreviewRow = z.object({
  row: z.number().int(),
  cells: z.record(z.string(), z.string()),
  action: z.enum(CONTACT_IMPORT_ACTIONS).nullable(),
  errors: z.array(z.string()),
});
export type TContactImportPreviewRow = z.infer<typeof ZContactImportPreviewRow>;

export const ZContactImportResponse = z.object({
  import: ZContactImportSummary,
  /** A guess from the header names, for the mapping screen to start from. */
  suggested_mapping: z.record(z.string(), z.string()).optional(),
  preview: z.array(ZContactImportPreviewRow).optional(),
  /** How many checked rows would create, update or skip a contact (known after the mapping). */
  planned: z.object({ create: z.number().int(), update: z.number().int(), skip: z.number().int() }).optional(),
});
export type TContactImportResponse = z.infer<typeof ZContactImportResponse>;

/** The example file in the import screen and docs/examples/contacts-import.csv. */
export const CONTACT_IMPORT_EXAMPLE_CSV = `E-mail,First name,Last name,Type,Employer,Phone,City,Tags
grace.hopper@example.org,Grace,Hopper,prospect,Navy Reserve,+1 555 0100,Arlington,board;major donor
kwame.mensah@example.org,Kwame,Mensah,volunteer,,+1 555 0101,Newark,volunteer
`;
