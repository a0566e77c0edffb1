// The e-tickets as a PDF, one A6 page per attendee (pdfkit's built-in Helvetica, as the receipt):
// the event, when and where, the attendee, the ticket type and a QR code of the ticket's code,
// which the check-in screen reads (docs/decisions/052-e-tickets-and-check-in.md).
import QRCode from 'qrcode';

export type TicketPage = { attendeeName: string; type: string; code: string };
export type TicketsDocument = {
  organisation: string;
  eventName: string;
  when: string;
  where: string;
  tickets: TicketPage[];
};

const MARGIN = 28;
const MUTED = '#555555';

export async function renderTicketsPdf(input: TicketsDocument): Promise<Buffer> {
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A6',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `Tickets: ${input.eventName}`, Author: input.organisation },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [i, ticket] of input.tickets.entries()) {
    const qr = await QRCode.toBuffer(ticket.code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
    doc.addPage();
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(input.organisation, { width });
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(14).fillColor('black').text(input.eventName, { width });
    doc.moveDown(0.2).font('Helvetica').fontSize(9).text(input.when, { width });
    if (input.where) doc.text(input.where, { width });
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).text(ticket.attendeeName, { width });
    doc.font('Helvetica').fontSize(9).text(ticket.type, { width });
    const size = 150;
    doc.image(qr, (doc.page.width - size) / 2, doc.y + 8, { width: size, height: size });
    doc.y += size + 14;
    doc.font('Courier').fontSize(8).text(ticket.code, MARGIN, doc.y, { width, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(`Ticket ${i + 1} of ${input.tickets.length}. Show this code at the door.`, { width, align: 'center' })
      .fillColor('black');
  }
  doc.end();
  return done;
}
