// The statement of a payment request as an A4 PDF (pdfkit's built-in Helvetica, like receipts and the
// annual statement): who issues it, who is asked, what for, the amount, what was paid and when,
// what is left, the due day and the link to pay. For organisations that post their invoices and
// pledge statements; linked in the request's e-mails by its unguessable public id.
import { PAYMENT_REQUEST_STATUS_LABELS } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { formatFor } from '../../platform/format/format.ts';
import { ISSUER_COLUMNS, type IssuerBlock, issuerBlock, issuerProfileOf } from '../organisations/index.ts';
import { payUrl } from './payment-request-emails.ts';
import { type RequestRow, requestPayments } from './payment-requests.repository.ts';

const MARGIN = 56;
const MUTED = '#555555';

type Payment = Awaited<ReturnType<typeof requestPayments>>[number];

async function issuerOf(db: Db, npoId: number): Promise<IssuerBlock> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`SELECT n.name, ${sql.raw(ISSUER_COLUMNS)} FROM npos n WHERE n.id = ${npoId}`,
  );
  const row = rows[0] ?? {};
  return issuerBlock(String(row.name ?? ''), issuerProfileOf(row));
}

function write(doc: PDFKit.PDFDocument, r: RequestRow, issuer: IssuerBlock, payments: Payment[], origin: string) {
  const { money, day, date } = formatFor({ locale: r.locale, timeZone: r.time_zone });
  doc.font('Helvetica-Bold').fontSize(18).text(issuer.name);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of issuer.lines) doc.text(line);
  for (const id of issuer.identifiers) doc.text(`${id.label}: ${id.value}`);
  doc.moveDown(0.4).fontSize(12).text('Payment request statement');
  doc.fillColor('black').moveDown(1).fontSize(11);
  doc.text(`${r.payer_first_name} ${r.payer_last_name}`.trim() || r.payer_email);
  doc.text(r.payer_email).moveDown(1);
  doc.font('Helvetica-Bold').fontSize(13).text(r.purpose);
  doc.font('Helvetica').fontSize(11);
  if (r.description) doc.moveDown(0.3).text(r.description);
  doc.moveDown(0.8);
  const rows: [string, string][] = [
    [r.amount_kind === 'minimum' ? 'Minimum amount' : 'Amount', money(r.amount_minor, r.currency)],
    ['Paid so far', money(r.paid_minor, r.currency)],
    ['Left to pay', money(r.outstanding_minor, r.currency)],
    ['Status', PAYMENT_REQUEST_STATUS_LABELS[r.status]],
  ];
  if (r.due_on) rows.push(['Due', day(r.due_on)]);
  rows.push(['Issued', date(new Date(r.created_at))]);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, MARGIN, y, { width: 150 });
    doc.font('Helvetica').text(value, MARGIN + 160, y);
    doc.x = MARGIN;
  }
  if (payments.length > 0) {
    doc.moveDown(1).font('Helvetica-Bold').text('Payments received');
    doc.font('Helvetica').fontSize(10);
    for (const p of payments) {
      const receipt = p.receipt_number ? ` · receipt ${p.receipt_number}` : '';
      doc.text(`${date(new Date(p.paid_at))} · ${money(p.amount_minor, p.currency)}${receipt}`);
    }
    doc.fontSize(11);
  }
  if (r.outstanding_minor > 0) {
    const link = payUrl(origin, r.public_id);
    doc.moveDown(1).text('Pay online at:').fillColor('#1c4e80').text(link, { link, underline: true });
    doc.fillColor('black');
  }
  doc.moveDown(1.5).fontSize(9).fillColor(MUTED).text(`Thank you for your support of ${r.organisation}.`);
}

export async function renderRequestStatement(db: Db, r: RequestRow, origin: string): Promise<Buffer> {
  const [issuer, payments] = await Promise.all([issuerOf(db, r.npo_id), requestPayments(db, r.id)]);
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Payment request statement: ${r.purpose}`, Author: issuer.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  write(doc, r, issuer, payments, origin);
  doc.end();
  return done;
}
