// Reading an uploaded contacts CSV as it arrives (csv-parse over the upload stream, never the whole
// file in memory twice) and checking its rows once staff have mapped its columns. Nothing is
// written here: the service stores the cells and the checked rows, the job writes the contacts.
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_MESSAGES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type TContactImportField,
  type TContactImportPreviewRow,
  ZContactImportRow,
} from '@kindling/contracts';
import { parse } from 'csv-parse';
import type { Format } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ContactImportRow } from './contact-imports.tables.ts';
import type { ImportFailure } from './imports.tables.ts';

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: message });

/**
 * Passes the bytes on while checking they are UTF-8 text: a NUL (UTF-16 or a binary file) or a
 * byte sequence UTF-8 cannot decode (a Windows-1252 export) refuses the file with how to save it.
 */
function utf8Guard(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (chunk.includes(0)) throw new Error('NUL');
        decoder.decode(chunk, { stream: true });
        done(null, chunk);
      } catch {
        done(refuse(CONTACT_IMPORT_MESSAGES.notUtf8));
      }
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(refuse(CONTACT_IMPORT_MESSAGES.notUtf8));
      }
    },
  });
}

export type ContactFile = { columns: string[]; cells: string[][] };

/**
 * The header (trimmed; a blank one named by its position) and the data rows, at most IMPORT_MAX_ROWS.
 * The recurring import reads its files with it too, saying what its rows are in `noRows`.
 */
export async function readContactFile(
  source: Readable,
  format: Format,
  noRows: string = CONTACT_IMPORT_MESSAGES.noRows,
): Promise<ContactFile> {
  const records: string[][] = [];
  const tooMany = `The file has more than ${format.count(IMPORT_MAX_ROWS)} rows; split it into smaller files.`;
  try {
    await pipeline(
      source,
      utf8Guard(),
      parse({ bom: true, skip_empty_lines: true, relax_column_count: true }),
      async (rows: AsyncIterable<string[]>) => {
        for await (const record of rows) {
          records.push(record);
          if (records.length > IMPORT_MAX_ROWS + 1) throw refuse(tooMany);
        }
      },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw refuse(`The file is not a readable CSV: ${message}`);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw refuse(noRows);
  const columns = header.map((h, i) => h.trim() || `Column ${i + 1}`);
  return { columns, cells: rows.map((r) => columns.map((_, i) => r[i] ?? '')) };
}

const SYNONYMS: Record<TContactImportField, string[]> = {
  email: ['email', 'emailaddress', 'mail'],
  first_name: ['firstname', 'first', 'givenname', 'forename'],
  last_name: ['lastname', 'last', 'surname', 'familyname'],
  contact_type: ['type', 'contacttype'],
  employer: ['employer', 'company', 'organisation', 'organization'],
  phone: ['phone', 'phonenumber', 'telephone', 'mobile'],
  address: ['address', 'street', 'address1', 'streetaddress'],
  city: ['city', 'town'],
  state: ['state', 'region', 'province', 'stateregion', 'county'],
  postal_code: ['postalcode', 'postcode', 'zip', 'zipcode'],
  country: ['country'],
  source: ['source'],
  tags: ['tags', 'tag', 'tagsseparatedby'],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first mapping from the header's names ('E-mail', 'Zip code', 'Surname'…), for staff to correct. */
export function suggestMapping(columns: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const field of CONTACT_IMPORT_FIELDS) {
    const column = columns.find((c) => SYNONYMS[field].includes(squash(c)));
    if (column) mapping[field] = column;
  }
  return mapping;
}

export type CheckedContacts = {
  contacts: ContactImportRow[];
  failures: ImportFailure[];
  preview: Omit<TContactImportPreviewRow, 'action'>[];
};

/**
 * Checks each row as mapped. Row numbers are the spreadsheet's (header = row 1). An e-mail seen
 * earlier in the file fails the later row: one file describes each contact once.
 */
export function checkContactRows(file: ContactFile, mapping: Record<string, string>): CheckedContacts {
  const index = Object.entries(mapping).map(([field, column]) => [field, file.columns.indexOf(column)] as const);
  const contacts: ContactImportRow[] = [];
  const failures: ImportFailure[] = [];
  const preview: CheckedContacts['preview'] = [];
  const seen = new Map<string, number>();
  file.cells.forEach((cells, i) => {
    const row = i + 2;
    const values = Object.fromEntries(index.map(([field, at]) => [field, cells[at] ?? '']));
    const parsed = ZContactImportRow.safeParse(values);
    let errors = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    if (parsed.success) {
      const earlier = seen.get(parsed.data.email);
      if (earlier !== undefined) errors = [`email: already in row ${earlier}; each contact once per file.`];
      else {
        seen.set(parsed.data.email, row);
        contacts.push({ row, ...parsed.data });
      }
    }
    if (errors.length > 0) failures.push({ row, reason: errors.join(' ') });
    if (preview.length < IMPORT_PREVIEW_ROWS) preview.push({ row, cells: values, errors });
  });
  return { contacts, failures, preview };
}
