// The income report as a file: CSV (csv-stringify), XLSX (exceljs) and PDF (pdfkit, as receipts).
// Amounts are major units of the base currency, the same integers as the screen, so a spreadsheet's
// sum of the lines is the total line (docs/product/reports.md#downloads).
import {
  currencyExponent,
  fromMinorUnits,
  INCOME_GROUPING_LABELS,
  type TIncomeFigures,
  type TIncomeReport,
  type TReportFormat,
} from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';

export const REPORT_CONTENT_TYPES: Record<TReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

type MoneyKey = Exclude<keyof TIncomeFigures, 'gifts'>;

const MONEY_COLUMNS: { key: MoneyKey; header: string }[] = [
  { key: 'gross', header: 'Gross' },
  { key: 'fee_covered', header: 'Fees covered by donors' },
  { key: 'refunds', header: 'Refunds' },
  { key: 'disputes', header: 'Disputes' },
  { key: 'net', header: 'Net' },
  { key: 'platform_fees', header: 'Platform fees' },
  { key: 'net_after_fees', header: 'Net after fees' },
];

const headers = (report: TIncomeReport) => [
  INCOME_GROUPING_LABELS[report.group_by],
  'Gifts',
  ...MONEY_COLUMNS.map((c) => `${c.header} (${report.currency})`),
];

const lines = (report: TIncomeReport) => [
  ...report.rows.map((r) => ({ label: r.label, figures: r as TIncomeFigures })),
  { label: 'Total', figures: report.totals },
];

export const periodText = (report: TIncomeReport) =>
  `${report.period.from ?? 'the first gift'} to ${report.period.to ?? 'today'}`;

export function incomeCsv(report: TIncomeReport): Buffer {
  const records = lines(report).map(({ label, figures }) => [
    label,
    figures.gifts,
    ...MONEY_COLUMNS.map((c) => fromMinorUnits(figures[c.key], report.currency)),
  ]);
  return Buffer.from(stringify([headers(report), ...records]), 'utf8');
}

export async function incomeXlsx(report: TIncomeReport, organisation: string): Promise<Buffer> {
  // Loaded on first use, not at start-up: exceljs is megabytes of heap few requests need (decision 102, Memory).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = organisation;
  const sheet = workbook.addWorksheet('Income', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers(report).map((header, i) => ({ header, width: i === 0 ? 24 : 16 }));
  const format = currencyExponent(report.currency) === 0 ? '#,##0' : '#,##0.00';
  for (const { label, figures } of lines(report)) {
    const row = sheet.addRow([
      label,
      figures.gifts,
      ...MONEY_COLUMNS.map((c) => Number(fromMinorUnits(figures[c.key], report.currency))),
    ]);
    for (let i = 3; i < 3 + MONEY_COLUMNS.length; i++) row.getCell(i).numFmt = format;
    if (label === 'Total') row.font = { bold: true };
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const MARGIN = 36;

/** A landscape A4 table: the built-in Helvetica, a new page (with the header again) when one fills. */
export async function incomePdf(report: TIncomeReport, organisation: string): Promise<Buffer> {
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'Income report', Author: organisation },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`${organisation}: income`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${periodText(report)}, by ${INCOME_GROUPING_LABELS[report.group_by].toLowerCase()}, in ${report.currency}`);
  doc.moveDown(0.8);
  const width = doc.page.width - 2 * MARGIN;
  const first = 150;
  const rest = (width - first) / (MONEY_COLUMNS.length + 1);
  const xs = [MARGIN, ...Array.from({ length: MONEY_COLUMNS.length + 1 }, (_, i) => MARGIN + first + i * rest)];
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      doc.text(cell, xs[i] ?? MARGIN, y, { width: i === 0 ? first - 6 : rest - 6, align: i === 0 ? 'left' : 'right' });
    });
    doc.x = MARGIN;
    doc.y = y + 14;
  };
  drawRow(headers(report), true);
  for (const { label, figures } of lines(report)) {
    drawRow(
      [label, String(figures.gifts), ...MONEY_COLUMNS.map((c) => fromMinorUnits(figures[c.key], report.currency))],
      label === 'Total',
    );
  }
  doc.end();
  return done;
}
