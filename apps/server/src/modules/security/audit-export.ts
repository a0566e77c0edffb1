import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { AuditLogRow } from '../audit/index.ts';
import { toAuditEntry } from './security.service.ts';

const HEADERS = ['Date (UTC)', 'Who', 'Action', 'Entity', 'Entity id', 'IP address', 'Details'];

/** '2026-03-04 10:00:00', as the donations export writes dates. */
const csvDate = (iso: string) => iso.slice(0, 19).replace('T', ' ');

const cells = (r: AuditLogRow) => {
  const e = toAuditEntry(r);
  return [csvDate(e.at), e.actor, e.action, e.entity, e.entity_id ?? '', e.ip ?? '', JSON.stringify(e.data)];
};

/** Cells that start like a formula stay text (a member named '=HYPERLINK(...)'). */
const CSV_OPTIONS = { escape_formulas: true } as const;

/** The filtered audit log as CSV, streamed batch by batch (docs/product/security.md#audit-log). */
export function auditCsvStream(batches: AsyncIterable<AuditLogRow[]>): Readable {
  async function* chunks() {
    yield stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: HEADERS });
    for await (const batch of batches) yield stringify(batch.map(cells), CSV_OPTIONS);
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
