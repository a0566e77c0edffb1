// What a receipt says, as pure data: the PDF, the HTML and the text e-mail all render this one
// structure, so the three can never disagree. The wording rules (docs/product/receipts.md):
// - USD gift of 250.00 or more (that single gift, never a total): the IRS written acknowledgment;
// - a gift with a Gift Aid declaration: the declaration the donor agreed to, as they made it;
// - otherwise a plain thank-you.
import {
  deductibleOf,
  GIFT_AID_NOTES,
  giftAidDeclarationText,
  INTERVAL_LABELS,
  rewardReceiptLines,
  type TGivingInterval,
} from '@kindling/contracts';
import { formatFor } from '../../platform/format/format.ts';
import { type IssuerBlock, type IssuerProfile, issuerBlock } from '../organisations/index.ts';

/** Everything a receipt is made from, read from the stored donation (never from the browser). */
export type ReceiptFacts = {
  organisation: string;
  receiptNumber: string;
  donorName: string;
  donorEmail: string;
  /** When the gift was recorded. */
  date: Date;
  amountMinor: number;
  feeCoveredMinor: number;
  currency: string;
  campaign: string | null;
  designation: string | null;
  interval: TGivingInterval;
  paymentMethod: string | null;
  providerReference: string | null;
  giftAid: { name: string; address: string; postcode: string; declaredOn: string } | null;
  /** The organisation's locale and time zone: how dates and amounts are written (decision 027). */
  locale: string;
  timeZone: string;
  /** What the organisation's profile says of it (docs/product/organisation-profile.md); absent: its name only. */
  issuer?: ReceiptIssuer;
  /** What the gift brought back (a crowdfunding reward), with its fair-market value; absent or null: nothing. */
  goods?: { description: string; fairMarketValueMinor: number } | null;
};

/** The organisation profile's part of a receipt; empty strings are left out. */
export type ReceiptIssuer = IssuerProfile & {
  signatoryName: string;
  signatoryTitle: string;
  footer: string;
  /** PNG or JPEG bytes for the PDF (pdfkit embeds no other format); null when none or another type. */
  logo: Buffer | null;
  signature: Buffer | null;
};

export type ReceiptLine = { label: string; value: string };

export type Receipt = {
  subject: string;
  title: string;
  /** The thank-you and, for recurring gifts, what this gift starts. */
  intro: string[];
  details: ReceiptLine[];
  /** The IRS acknowledgment lines, when the gift needs one. */
  taxStatement: string[];
  giftAid: { heading: string; declaration: string; declared: ReceiptLine[]; notes: string } | null;
  closing: string;
  /** Who issues the receipt: the legal name, its address and contact lines, its identifiers. */
  issuer: IssuerBlock;
  signatory: { name: string; title: string } | null;
  footer: string;
};

/** The IRS threshold: a single contribution of $250 or more needs a written acknowledgment. */
export const IRS_ACKNOWLEDGMENT_MINOR = 25_000;
export const NO_GOODS_OR_SERVICES = 'No goods or services were provided in exchange for this contribution.';

export const needsIrsAcknowledgment = (f: Pick<ReceiptFacts, 'currency' | 'amountMinor'>): boolean =>
  f.currency.toUpperCase() === 'USD' && f.amountMinor >= IRS_ACKNOWLEDGMENT_MINOR;

/**
 * '21 November 2026' (en-GB), 'November 21, 2026' (en-US): in the organisation's locale, an instant
 * on its calendar; a string is a day already decided (a declaration's date).
 */
export function receiptDate(date: Date | string, f: Pick<ReceiptFacts, 'locale' | 'timeZone'>): string {
  const format = formatFor(f);
  return typeof date === 'string' ? format.day(date) : format.date(date);
}

export const PERIOD_WORD: Record<TGivingInterval, string> = {
  once: '',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  yearly: 'yearly',
};

function intro(f: ReceiptFacts, amount: string): string[] {
  const thanks = `Thank you for your gift of ${amount} to ${f.organisation}.`;
  if (f.interval === 'once') return [thanks];
  return [
    thanks,
    `This is the first gift of your ${PERIOD_WORD[f.interval]} donation. We will send a receipt for each later gift.`,
  ];
}

function details(f: ReceiptFacts, amount: string): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: 'Receipt number', value: f.receiptNumber },
    { label: 'Date', value: receiptDate(f.date, f) },
    { label: 'Donor', value: f.donorName || f.donorEmail },
    { label: 'Amount', value: `${amount} (${f.currency.toUpperCase()})` },
  ];
  if (f.feeCoveredMinor > 0) {
    lines.push({
      label: 'Of which fees you covered',
      value: formatFor(f).money(f.feeCoveredMinor, f.currency),
    });
  }
  if (f.campaign) lines.push({ label: 'Campaign', value: f.campaign });
  if (f.designation) lines.push({ label: 'Designation', value: f.designation });
  lines.push({ label: 'Frequency', value: INTERVAL_LABELS[f.interval] });
  if (f.paymentMethod) lines.push({ label: 'Payment method', value: f.paymentMethod });
  if (f.providerReference) lines.push({ label: 'Payment reference', value: f.providerReference });
  if (f.goods) {
    const money = (minor: number) => formatFor(f).money(minor, f.currency);
    lines.push(
      { label: 'Goods or services received', value: f.goods.description },
      { label: 'Their fair-market value', value: money(f.goods.fairMarketValueMinor) },
      { label: 'Tax-deductible amount', value: money(deductibleOf(giftOf(f), f.goods.fairMarketValueMinor, 0)) },
    );
  }
  return lines;
}

/** The gift the deductible part is taken from: what was given, less the fees the donor covered (the ticket rule). */
const giftOf = (f: ReceiptFacts) => f.amountMinor - f.feeCoveredMinor;

/** The registered name where the profile gives one: the name tax and charity law know. */
const legalNameOf = (f: ReceiptFacts) => f.issuer?.legalName || f.organisation;

const issuer = (f: ReceiptFacts): IssuerBlock => issuerBlock(f.organisation, f.issuer);

function taxStatement(f: ReceiptFacts, amount: string): string[] {
  // A gift that brought goods back states them and their value (docs/product/receipts.md#goods-and-services):
  // the deductible part, and in the US the quid-pro-quo disclosure above $75, as event tickets do.
  const goods = f.goods && f.goods.fairMarketValueMinor > 0 ? f.goods : null;
  const exchange = goods
    ? [
        `In exchange for this contribution, ${legalNameOf(f)} provided ${goods.description}, whose fair-market value we estimate in good faith at ${formatFor(f).money(goods.fairMarketValueMinor, f.currency)}.`,
        ...rewardReceiptLines(giftOf(f), goods.fairMarketValueMinor, f.currency, legalNameOf(f), f.locale).slice(1),
      ]
    : [];
  if (!needsIrsAcknowledgment(f)) return exchange;
  return [
    `${legalNameOf(f)} acknowledges receipt of your cash contribution of ${amount} on ${receiptDate(f.date, f)}.`,
    ...(goods ? exchange : [NO_GOODS_OR_SERVICES]),
    'Please keep this receipt for your tax records.',
  ];
}

function giftAid(f: ReceiptFacts): Receipt['giftAid'] {
  if (!f.giftAid) return null;
  return {
    heading: 'Your Gift Aid declaration',
    declaration: giftAidDeclarationText(f.organisation),
    declared: [
      { label: 'Name', value: f.giftAid.name },
      { label: 'Home address', value: f.giftAid.address },
      { label: 'Postcode', value: f.giftAid.postcode },
      { label: 'Date of declaration', value: receiptDate(f.giftAid.declaredOn, f) },
    ],
    notes: GIFT_AID_NOTES,
  };
}

/** The gift's amount as the receipt writes it in the organisation's locale: "$50.00", "£20.00". */
export const receiptAmount = (f: Pick<ReceiptFacts, 'amountMinor' | 'currency' | 'locale' | 'timeZone'>): string =>
  formatFor(f).money(f.amountMinor, f.currency);

export function buildReceipt(f: ReceiptFacts): Receipt {
  const amount = receiptAmount(f);
  return {
    subject: `Your receipt from ${f.organisation} (${f.receiptNumber})`,
    title: `Donation receipt ${f.receiptNumber}`,
    intro: intro(f, amount),
    details: details(f, amount),
    taxStatement: taxStatement(f, amount),
    giftAid: giftAid(f),
    closing: `With thanks from everyone at ${f.organisation}.`,
    issuer: issuer(f),
    signatory: f.issuer?.signatoryName ? { name: f.issuer.signatoryName, title: f.issuer.signatoryTitle } : null,
    footer: f.issuer?.footer ?? '',
  };
}

/** The issuer, signatory and footer as plain lines: the end of the e-mail's text. */
function issuerText(r: Receipt): string[] {
  const lines = [r.issuer.name, ...r.issuer.lines, ...r.issuer.identifiers.map((l) => `${l.label}: ${l.value}`)];
  if (r.signatory) lines.unshift([r.signatory.name, r.signatory.title].filter(Boolean).join(', '), '');
  if (r.footer) lines.push('', r.footer);
  return lines;
}

/**
 * What every receipt e-mail carries below the organisation's own message (its template), so no
 * template edit can remove it: what a recurring first gift starts, the gift's details, the IRS
 * acknowledgment and the Gift Aid declaration when the gift needs them. Plain text.
 */
export function receiptFactsText(r: Receipt): string {
  const block = (lines: { label: string; value: string }[]) => lines.map((l) => `${l.label}: ${l.value}`);
  const parts: string[] = [];
  if (r.intro.length > 1) parts.push(...r.intro.slice(1), '');
  parts.push(r.title, '', ...block(r.details));
  if (r.taxStatement.length) parts.push('', ...r.taxStatement);
  if (r.giftAid) {
    parts.push('', r.giftAid.heading, '', r.giftAid.declaration, '', ...block(r.giftAid.declared), '', r.giftAid.notes);
  }
  parts.push('', ...issuerText(r), '', 'Your receipt is attached as a PDF.');
  return parts.join('\n');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The same as receiptFactsText, as an HTML fragment. */
export function receiptFactsHtml(r: Receipt): string {
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const table = (lines: ReceiptLine[]) =>
    `<table role="presentation" cellpadding="4">${lines
      .map((l) => `<tr><th align="left" scope="row">${escapeHtml(l.label)}</th><td>${escapeHtml(l.value)}</td></tr>`)
      .join('')}</table>`;
  const parts = [...r.intro.slice(1).map(p), `<h2>${escapeHtml(r.title)}</h2>`, table(r.details)];
  if (r.taxStatement.length) parts.push(...r.taxStatement.map(p));
  if (r.giftAid) {
    parts.push(`<h2>${escapeHtml(r.giftAid.heading)}</h2>`, p(r.giftAid.declaration), table(r.giftAid.declared));
    parts.push(p(r.giftAid.notes));
  }
  parts.push(`<p>${issuerText(r).map(escapeHtml).join('<br>')}</p>`, p('Your receipt is attached as a PDF.'));
  return parts.join('\n');
}
