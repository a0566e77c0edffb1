// The HMRC Charities Online Gift Aid schedule (docs/product/reports.md#gift-aid-claims, decision 092):
// one line per gift, or small gifts from different donors added up on aggregated lines, in the
// schedule spreadsheet's columns. Values only; blank cells where a field does not apply.
import {
  fromMinorUnits,
  GIFT_AID_AGGREGATE_LINE_MAX_MINOR,
  GIFT_AID_AGGREGATE_MAX_MINOR,
  normalisePostcode,
} from '@kindling/contracts';
import { stringify } from 'csv-stringify/sync';

export type ScheduleGift = {
  declaredName: string;
  address: string;
  postcode: string;
  /** YYYY-MM-DD, the day given in the organisation's time zone. */
  date: string;
  amountMinor: number;
};

export type ScheduleLine = {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  aggregated: string;
  sponsored: string;
  date: string;
  amount: string;
};

export const SCHEDULE_HEADERS = [
  'Item',
  'Title',
  'First name or initial',
  'Last name',
  'House name or number',
  'Postcode',
  'Aggregated donations',
  'Sponsored event',
  'Donation date',
  'Amount',
] as const;

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof', 'Rev', 'Sir', 'Dame', 'Lady', 'Lord'];

/** A declared name as the schedule wants it: title (≤ 4), first names and last name (≤ 35 each). */
export function splitName(name: string): { title: string; firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const head = (words[0] ?? '').replace(/\.$/, '');
  const matched = TITLES.find((t) => t.toLowerCase() === head.toLowerCase());
  const title = matched && words.length > 2 && matched.length <= 4 ? matched : '';
  if (title) words.shift();
  // HMRC: a double-barrelled surname takes a space, not a hyphen.
  const lastName = (words.pop() ?? '').replaceAll('-', ' ').slice(0, 35);
  return { title, firstName: words.join(' ').slice(0, 35), lastName };
}

/** The house name or number: the number a home address starts with, or its first line. */
export function houseOf(address: string): string {
  const first = (address.split(/[,\n]/)[0] ?? '').trim();
  const number = /^(\d+[A-Za-z]?)(?:[\s,]|$)/.exec(first);
  return (number?.[1] ?? first).slice(0, 40);
}

/** DD/MM/YY, as the schedule's date column reads. */
export const scheduleDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

const lineOf = (g: ScheduleGift): ScheduleLine => ({
  ...splitName(g.declaredName),
  house: houseOf(g.address),
  postcode: normalisePostcode(g.postcode),
  aggregated: '',
  sponsored: '',
  date: scheduleDate(g.date),
  amount: fromMinorUnits(g.amountMinor, 'GBP'),
});

const aggregatedLine = (count: number, totalMinor: number, latest: string): ScheduleLine => ({
  title: '',
  firstName: '',
  lastName: '',
  house: '',
  postcode: '',
  aggregated: `${count} donations of £20 or less`.slice(0, 35),
  sponsored: '',
  date: scheduleDate(latest),
  amount: fromMinorUnits(totalMinor, 'GBP'),
});

/**
 * The schedule's lines in date order. With `aggregate`, gifts of £20 or less leave their own lines
 * for aggregated lines of at most £1,000 each, dated with their latest gift.
 */
export function scheduleLines(gifts: ScheduleGift[], aggregate: boolean): ScheduleLine[] {
  const sorted = [...gifts].sort((a, b) => a.date.localeCompare(b.date));
  if (!aggregate) return sorted.map(lineOf);
  const own = sorted.filter((g) => g.amountMinor > GIFT_AID_AGGREGATE_MAX_MINOR).map(lineOf);
  const small = sorted.filter((g) => g.amountMinor <= GIFT_AID_AGGREGATE_MAX_MINOR);
  const grouped: ScheduleLine[] = [];
  let count = 0;
  let total = 0;
  let latest = '';
  for (const g of small) {
    if (total + g.amountMinor > GIFT_AID_AGGREGATE_LINE_MAX_MINOR) {
      grouped.push(aggregatedLine(count, total, latest));
      count = 0;
      total = 0;
    }
    count += 1;
    total += g.amountMinor;
    latest = g.date;
  }
  if (count > 0) grouped.push(aggregatedLine(count, total, latest));
  return [...own, ...grouped];
}

const cells = (l: ScheduleLine, i: number) => [
  i + 1,
  l.title,
  l.firstName,
  l.lastName,
  l.house,
  l.postcode,
  l.aggregated,
  l.sponsored,
  l.date,
  l.amount,
];

export function scheduleCsv(lines: ScheduleLine[]): Buffer {
  return Buffer.from(stringify([[...SCHEDULE_HEADERS], ...lines.map(cells)]), 'utf8');
}

/** The schedule as a worksheet: text cells, amounts as numbers with two decimals. */
export async function scheduleXlsx(lines: ScheduleLine[], organisation: string, reference: string): Promise<Buffer> {
  // Loaded on first use, not at start-up: exceljs is megabytes of heap few requests need (decision 102, Memory).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = organisation;
  workbook.title = `Gift Aid schedule ${reference}`;
  const sheet = workbook.addWorksheet('Schedule', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SCHEDULE_HEADERS.map((header, i) => ({ header, width: i === 0 ? 6 : i === 6 ? 30 : 18 }));
  lines.forEach((l, i) => {
    const row = sheet.addRow(cells(l, i).map((v, c) => (c === 9 ? Number(v) : v)));
    row.getCell(10).numFmt = '0.00';
  });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
