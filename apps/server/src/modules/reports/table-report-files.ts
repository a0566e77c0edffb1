// A table report as a file, the income report's way (report-files.ts): CSV (csv-stringify), XLSX
// (exceljs) and PDF (pdfkit). Money in major units of the report's currency, percents as numbers.
import { currencyExponent, fromMinorUnits, type TTableColumn, type TTableReport } from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';

type Cell = string | number | null | undefined;

const headerOf = (c: TTableColumn, currency: string) => (c.kind === 'money' ? `${c.label} (${currency})` : c.label);

const lines = (report: TTableReport) => [
  ...report.rows.map((r) => ({ cells: r.cells, total: false })),
  ...(report.totals ? [{ cells: report.totals, total: true }] : []),
];

/** A cell as text: money in major units, empty for none. */
function textOf(c: TTableColumn, value: Cell, currency: string): string {
  if (value === null || value === undefined) return '';
  if (c.kind === 'money' && typeof value === 'number') return fromMinorUnits(value, currency);
  return String(value);
}

const periodText = (r: TTableReport) => `${r.period.from ?? 'the first gift'} to ${r.period.to ?? 'today'}`;

export function tableCsv(report: TTableReport): Buffer {
  const head = report.columns.map((c) => headerOf(c, report.currency));
  const body = lines(report).map(({ cells }) => report.columns.map((c) => textOf(c, cells[c.key], report.currency)));
  return Buffer.from(stringify([head, ...body]), 'utf8');
}

export async function tableXlsx(report: TTableReport, organisation: string): Promise<Buffer> {
  // Loaded on first use, not at start-up: exceljs is megabytes of heap few requests need (decision 102, Memory).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = organisation;
  const sheet = workbook.addWorksheet(report.view.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = report.columns.map((c, i) => ({ header: headerOf(c, report.currency), width: i === 0 ? 32 : 18 }));
  const moneyFormat = currencyExponent(report.currency) === 0 ? '#,##0' : '#,##0.00';
  for (const { cells, total } of lines(report)) {
    const row = sheet.addRow(
      report.columns.map((c) => {
        const value = cells[c.key];
        if (value === null || value === undefined) return null;
        return c.kind === 'money' && typeof value === 'number' ? Number(fromMinorUnits(value, report.currency)) : value;
      }),
    );
    report.columns.forEach((c, i) => {
      if (c.kind === 'money') row.getCell(i + 1).numFmt = moneyFormat;
    });
    if (total) row.font = { bold: true };
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const MARGIN = 36;

/** A landscape A4 table, a new page when one fills; the note under the title. */
export async function tablePdf(report: TTableReport, organisation: string): Promise<Buffer> {
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: report.title, Author: organisation },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`${organisation}: ${report.title}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${periodText(report)}, in ${report.currency}. ${report.note}`);
  doc.moveDown(0.8);
  const width = doc.page.width - 2 * MARGIN;
  const n = report.columns.length;
  const first = Math.min(200, width / 3);
  const rest = (width - first) / Math.max(1, n - 1);
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      const numeric = i > 0 && report.columns[i]?.kind !== 'text' && report.columns[i]?.kind !== 'date';
      const x = i === 0 ? MARGIN : MARGIN + first + (i - 1) * rest;
      doc.text(cell, x, y, {
        width: (i === 0 ? first : rest) - 6,
        align: numeric ? 'right' : 'left',
        lineBreak: false,
      });
    });
    doc.x = MARGIN;
    doc.y = y + 14;
  };
  drawRow(
    report.columns.map((c) => headerOf(c, report.currency)),
    true,
  );
  for (const { cells, total } of lines(report)) {
    drawRow(
      report.columns.map((c) => textOf(c, cells[c.key], report.currency)),
      total,
    );
  }
  doc.end();
  return done;
}
