// The annual giving statement of one donor: every gift of one giving year (calendar or fiscal, the
// organisation's setting), refunds netted, as an A4 PDF (pdfkit's built-in Helvetica, like the
// receipts). Used by the donor page and by the donor portal (through index.ts).
import { DONOR_ADMIN_MESSAGES } from '@kindling/contracts';
import { givingYearLabel } from '@kindling/contracts/giving-year-rules.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { type Format, formatFor } from '../../platform/format/format.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ISSUER_COLUMNS, type IssuerBlock, issuerBlock, issuerProfileOf } from '../organisations/index.ts';
import { selectOrganisationGivingYear } from './donor-list.repository.ts';
import { selectGiftDates } from './donor-profile.repository.ts';
import { givingYearRangeIn, givingYearsBetween } from './giving-year.ts';

const MARGIN = 56;
const MUTED = '#555555';

type StatementGift = {
  id: number;
  created_at: Date | string;
  amount_minor: number;
  currency: string;
  base_amount_minor: number;
  refunded_base_minor: number;
  refunded_minor: number;
  receipt_number: string | null;
  campaign_name: string | null;
  gift_aid: boolean;
  giver_name: string;
};

/** Who a statement is addressed to: one donor, or a household (docs/product/crm.md#households-and-relationships). */
export type StatementAddressee = {
  name: string;
  address: string[];
  email: string | null;
  /** Opens the letter ("Dear friends,"); none for a single donor's statement. */
  salutation: string | null;
};

export type AnnualStatement = {
  organisation: string;
  /** The issuer block of the organisation's profile, as its receipts print it. */
  issuer: IssuerBlock;
  addressee: StatementAddressee;
  /** A household's statement names which member gave each gift. */
  showGiver: boolean;
  periodLabel: string;
  baseCurrency: string;
  gifts: StatementGift[];
  totalBaseMinor: number;
  /** Dates and amounts in the organisation's locale, days on its calendar (decision 027). */
  format: Format;
};

/** The address lines of a donors or households row (address, address2, locality, country). */
export function addressLines(row: Record<string, unknown>): string[] {
  const locality = [row.city, row.state, row.postal_code].filter(Boolean).join(' ');
  return [row.address, row.address2, locality, row.country]
    .map((part) => (part == null ? '' : String(part)))
    .filter((line) => line.trim() !== '');
}

/**
 * The statement of giving year `year` for the gifts `donorIds` gave, addressed to `addressee`; null
 * when the organisation does not exist. Each gift has one donor, so a household's statement lists
 * every member's gift once (soft credits are not the household's gifts and are left out).
 */
export async function loadGivingStatement(
  db: Db | Tx,
  input: {
    npoId: number;
    donorIds: number[];
    year: number;
    addressee: StatementAddressee;
    /** A year other than the organisation's setting: 1 for a calendar year (year-end statements in bulk). */
    startMonth?: number;
  },
): Promise<AnnualStatement | null> {
  const head = await db.execute<Record<string, string | number>>(sql`
    SELECT n.name AS organisation, n.base_currency, n.fiscal_year_start_month, n.time_zone, n.locale,
      ${sql.raw(ISSUER_COLUMNS)}
    FROM npos n WHERE n.id = ${input.npoId}`);
  const h = head.rows[0];
  if (!h) return null;
  const startMonth = input.startMonth ?? Number(h.fiscal_year_start_month);
  const { start, end } = givingYearRangeIn(input.year, startMonth, String(h.time_zone));
  const donorIds = `{${input.donorIds.map(Number).join(',')}}`;
  const { rows: gifts } = await db.execute<StatementGift>(sql`
    SELECT d.id, d.created_at, d.amount_minor, d.currency, d.base_amount_minor, d.receipt_number, d.gift_aid,
      c.name AS campaign_name, btrim(concat_ws(' ', dn.first_name, dn.last_name)) AS giver_name,
      coalesce(r.base, 0)::bigint AS refunded_base_minor, coalesce(r.amount, 0)::bigint AS refunded_minor
    FROM donations d
    JOIN donors dn ON dn.id = d.donor_id
    LEFT JOIN campaigns c ON c.id = d.campaign_id
    LEFT JOIN LATERAL (SELECT sum(l.base_amount_minor) AS base, sum(l.amount_minor) AS amount FROM ledger_entries l
      WHERE l.donation_id = d.id AND l.kind IN ('refund', 'dispute')) r ON true
    WHERE d.donor_id = ANY(${donorIds}::bigint[]) AND d.npo_id = ${input.npoId} AND d.status IN ('succeeded', 'refunded')
      AND d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()}
    ORDER BY d.created_at, d.id`);
  const total = gifts.reduce((sum, g) => sum + Number(g.base_amount_minor) + Number(g.refunded_base_minor), 0);
  return {
    organisation: String(h.organisation),
    issuer: issuerBlock(String(h.organisation), issuerProfileOf(h)),
    addressee: input.addressee,
    showGiver: input.donorIds.length > 1,
    periodLabel: givingYearLabel(input.year, startMonth),
    baseCurrency: String(h.base_currency),
    gifts,
    totalBaseMinor: total,
    format: formatFor({ locale: String(h.locale), timeZone: String(h.time_zone) }),
  };
}

/** The giving years in which any of `donorIds` gave, newest first: the years a statement can cover. */
export async function statementYearsOf(db: Db | Tx, npoId: number, donorIds: number[]): Promise<number[]> {
  const [year, dates] = await Promise.all([
    selectOrganisationGivingYear(db, npoId),
    selectGiftDates(db, npoId, donorIds),
  ]);
  return givingYearsBetween(dates, year.startMonth, year.zone);
}

/** The statement's data, or null when the donor is not the organisation's. */
export async function loadAnnualStatement(
  db: Db | Tx,
  input: { npoId: number; donorId: number; year: number },
): Promise<AnnualStatement | null> {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    SELECT first_name, last_name, email, address, address2, city, state, postal_code, country
    FROM donors WHERE id = ${input.donorId} AND npo_id = ${input.npoId}`);
  const dn = rows[0];
  if (!dn) return null;
  const addressee = {
    name: `${dn.first_name ?? ''} ${dn.last_name ?? ''}`.trim() || String(dn.email),
    address: addressLines(dn),
    email: dn.email ?? null,
    salutation: null,
  };
  return loadGivingStatement(db, { npoId: input.npoId, donorIds: [input.donorId], year: input.year, addressee });
}

function writeStatement(doc: PDFKit.PDFDocument, s: AnnualStatement) {
  const { money, date } = s.format;
  // Who issues it, as on the organisation's receipts (docs/product/organisation-profile.md).
  doc.font('Helvetica-Bold').fontSize(18).text(s.issuer.name);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of s.issuer.lines) doc.text(line);
  for (const id of s.issuer.identifiers) doc.text(`${id.label}: ${id.value}`);
  doc.moveDown(0.4).fontSize(12).text(`Annual giving statement ${s.periodLabel}`);
  const to = s.addressee;
  doc.fillColor('black').moveDown(1).fontSize(11).text(to.name);
  for (const line of to.email ? [...to.address, to.email] : to.address) doc.text(line);
  doc.moveDown(1);
  if (to.salutation) doc.text(`${to.salutation},`).moveDown(0.6);
  if (s.gifts.length === 0) {
    doc.text(`No gifts were recorded for ${s.periodLabel}.`);
    return;
  }
  doc.text(`Thank you for your support. Your gifts to ${s.organisation} in ${s.periodLabel}:`).moveDown(0.6);
  const columns = [MARGIN, MARGIN + 110, MARGIN + 260, MARGIN + 380];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    let bottom = y;
    cells.forEach((cell, i) => {
      const width = (columns[i + 1] ?? doc.page.width - MARGIN) - (columns[i] ?? 0) - 6;
      doc.text(cell, columns[i], y, { width });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom;
    doc.x = MARGIN;
    doc.moveDown(0.3);
  };
  row(['Date', 'Campaign', 'Amount', 'Receipt'], true);
  // A household's statement says which member gave each gift, under its campaign.
  for (const g of s.gifts) {
    const net = Number(g.amount_minor) + Number(g.refunded_minor);
    const refunded =
      Number(g.refunded_minor) !== 0 ? ` (refunded ${money(-Number(g.refunded_minor), g.currency)})` : '';
    const giftAid = g.gift_aid ? ' · Gift Aid' : '';
    row([
      date(new Date(g.created_at)),
      `${g.campaign_name ?? '-'}${giftAid}${s.showGiver && g.giver_name ? `\n${g.giver_name}` : ''}`,
      `${money(net, g.currency)}${refunded}`,
      g.receipt_number ?? '-',
    ]);
  }
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11);
  doc.text(`Total for ${s.periodLabel}: ${money(s.totalBaseMinor, s.baseCurrency)} (${s.baseCurrency})`, MARGIN);
  doc.moveDown(1).font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(
    'Gifts in other currencies are totalled in the organisation\u2019s currency at the rate of the day of each gift. Refunded amounts are deducted.',
  );
  doc.fillColor('black');
}

export async function renderStatementPdf(s: AnnualStatement): Promise<Buffer> {
  return renderStatementsPdf([s]);
}

/**
 * Several statements in one PDF, each starting on its own page: the year-end run's letters to post
 * and its preview (docs/product/reports.md#year-end-statements).
 */
export async function renderStatementsPdf(statements: AnnualStatement[]): Promise<Buffer> {
  const s = statements[0];
  // Loaded on first use, not at start-up: pdfkit is megabytes of heap few requests need (decision 102, Memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Annual giving statement ${s?.periodLabel ?? ''}`.trim(), Author: s?.organisation ?? '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  statements.forEach((statement, i) => {
    if (i > 0) doc.addPage();
    writeStatement(doc, statement);
  });
  doc.end();
  return done;
}

/** The statement as a PDF, or a 404 AppError when there is none to give. */
export async function statementPdfOr404(statement: AnnualStatement | null, notFound: string): Promise<Buffer> {
  if (!statement) throw new AppError('NOT_FOUND', notFound);
  return renderStatementPdf(statement);
}

/**
 * The donor's annual statement for giving year `year` (the organisation's calendar or fiscal
 * year, labelled by the calendar year it ends in) as a PDF. Throws AppError NOT_FOUND (404) when
 * the donor is not the organisation's.
 */
export async function renderAnnualStatement(
  db: Db | Tx,
  input: { npoId: number; donorId: number; year: number },
): Promise<Buffer> {
  return statementPdfOr404(await loadAnnualStatement(db, input), DONOR_ADMIN_MESSAGES.notFound);
}
