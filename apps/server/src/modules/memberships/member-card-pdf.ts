// The member card as a PDF, the size of a bank card (pdfkit's built-in Helvetica, as the receipt and
// the e-tickets): organisation, members, tier, member number, validity and the QR code the events'
// check-in reads (docs/decisions/064-member-cards.md).
import type { TMemberCard } from '@kindling/contracts';
import QRCode from 'qrcode';

// ISO/IEC 7810 ID-1 (85.6 × 54 mm) in points.
const CARD: [number, number] = [242.6, 153];
const MARGIN = 12;
const QR = 88;
const MUTED = '#555555';

export async function renderMemberCardPdf(card: TMemberCard): Promise<Buffer> {
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: CARD,
    // No bottom margin: a long validity line stays on the card rather than starting a second page.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    info: { Title: `Member card ${card.member_number}`, Author: card.organisation },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const qr = await QRCode.toBuffer(card.code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const width = CARD[0] - 3 * MARGIN - QR;
  doc.image(qr, CARD[0] - MARGIN - QR, MARGIN + 14, { width: QR, height: QR });
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(card.organisation, MARGIN, MARGIN, { width: CARD[0] - 2 * MARGIN });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12).fillColor('black').text(card.tier, { width });
  doc.moveDown(0.2).font('Helvetica').fontSize(8);
  for (const name of card.members) doc.text(name, { width });
  doc.moveDown(0.4).fontSize(7).fillColor(MUTED).text('Member number', { width });
  doc.font('Helvetica-Bold').fontSize(9).fillColor('black').text(card.member_number, { width });
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(7)
    .fillColor(card.state === 'expired' || card.state === 'cancelled' ? '#7f1d1d' : 'black')
    .text(card.validity, { width });
  doc.end();
  return done;
}
