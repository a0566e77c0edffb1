import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { wallDateTime } from '../../platform/format/calendar.ts';
import type { AuditLogRow } from '../audit/index.ts';
import { toAuditEntry } from './security.service.ts';

const HEADERS = ['Who', 'Action', 'Entity', 'Entity id', 'IP address', 'Details'];

/**
 * '2026-03-04 10:00:00' on the organisation's clock (its time zone, decision 027), named in the
 * header, as the donations export writes dates.
 */
const csvDate = (iso: string, zone: string) =>
  wallDateTime(new Date(iso), zone).toISOString().slice(0, 19).replace('T', ' ');

const cells = (r: AuditLogRow, zone: string) => {
  const e = toAuditEntry(r);
  return [csvDate(e.at, zone), e.actor, e.action, e.entity, e.entity_id ?? '', e.ip ?? '', JSON.stringify(e.data)];
};

/** Cells that start like a formula stay text (a member named '=HYPERLINK(...)'). */
const CSV_OPTIONS = { escape_formulas: true } as const;

/** The filtered audit log as CSV, streamed batch by batch (docs/product/security.md#audit-log). */
export function auditCsvStream(batches: AsyncIterable<AuditLogRow[]>, zone: string): Readable {
  async function* chunks() {
    yield stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: [`Date (${zone})`, ...HEADERS] });
    for await (const batch of batches)
      yield stringify(
        batch.map((r) => cells(r, zone)),
        CSV_OPTIONS,
      );
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
