// The receipt as a one-page A4 PDF (pdfkit, its built-in Helvetica: no font files, a few KB).
// The built-in fonts cover Latin text (WinAnsi: £, €, accents, curly quotes); other scripts would
// need an embedded font.
import type { Receipt, ReceiptIssuer, ReceiptLine } from './receipt-text.ts';

const MARGIN = 56;
const MUTED = '#555555';

type Images = Pick<ReceiptIssuer, 'logo' | 'signature'>;

export async function renderReceiptPdf(
  receipt: Receipt,
  organisation: string,
  images: Images = { logo: null, signature: null },
): Promise<Buffer> {
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: receipt.title, Author: organisation, Subject: receipt.subject },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, receipt, images.logo);
  doc.moveDown(0.6).font('Helvetica').fontSize(12).fillColor(MUTED).text(receipt.title).fillColor('black');
  doc.moveDown(1.2).fontSize(11);
  for (const line of receipt.intro) doc.text(line).moveDown(0.4);
  doc.moveDown(0.6);
  lines(doc, receipt.details);
  if (receipt.taxStatement.length) {
    doc.moveDown(1);
    for (const line of receipt.taxStatement) doc.text(line).moveDown(0.3);
  }
  if (receipt.giftAid) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(13).text(receipt.giftAid.heading);
    doc.moveDown(0.4).font('Helvetica').fontSize(10.5).text(receipt.giftAid.declaration).moveDown(0.6);
    lines(doc, receipt.giftAid.declared);
    doc.moveDown(0.6).fontSize(9).fillColor(MUTED).text(receipt.giftAid.notes).fillColor('black');
  }
  doc.moveDown(1.5).fontSize(11).text(receipt.closing);
  signatory(doc, receipt, images.signature);
  if (receipt.footer) doc.moveDown(1.5).fontSize(9).fillColor(MUTED).text(receipt.footer).fillColor('black');
  doc.end();
  return done;
}

/** Label and value on one row, the value in a column of its own so long values wrap there. */
function lines(doc: PDFKit.PDFDocument, rows: ReceiptLine[]) {
  const labelWidth = 170;
  const valueX = MARGIN + labelWidth;
  const valueWidth = doc.page.width - MARGIN - valueX;
  doc.fontSize(10.5);
  for (const row of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(row.label, MARGIN, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc.font('Helvetica').text(row.value, valueX, y, { width: valueWidth });
    doc.x = MARGIN;
    doc.y = Math.max(afterLabel, doc.y) + 3;
  }
}

/** The logo (when there is one) beside the legal name, its address lines and its identifiers. */
function header(doc: PDFKit.PDFDocument, receipt: Receipt, logo: Buffer | null) {
  const top = doc.y;
  const textX = logo ? MARGIN + 72 : MARGIN;
  if (logo) {
    try {
      doc.image(logo, MARGIN, top, { fit: [56, 56] });
    } catch {
      // An image pdfkit cannot read leaves the header without a logo rather than the donor without a receipt.
    }
  }
  doc.font('Helvetica-Bold').fontSize(18).text(receipt.issuer.name, textX, top);
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  for (const line of receipt.issuer.lines) doc.text(line, textX);
  for (const id of receipt.issuer.identifiers) doc.text(`${id.label}: ${id.value}`, textX);
  doc.fillColor('black');
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, logo ? top + 60 : doc.y);
}

/** The signature image over the signatory's name and title. */
function signatory(doc: PDFKit.PDFDocument, receipt: Receipt, signature: Buffer | null) {
  if (!receipt.signatory) return;
  doc.moveDown(0.8);
  if (signature) {
    try {
      doc.image(signature, MARGIN, doc.y, { fit: [160, 48] });
      doc.y += 52;
    } catch {
      // As for the logo: no signature image rather than no receipt.
    }
  }
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(10.5).text(receipt.signatory.name);
  if (receipt.signatory.title) doc.font('Helvetica').text(receipt.signatory.title);
}
