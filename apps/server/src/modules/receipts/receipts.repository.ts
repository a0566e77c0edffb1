// SQL only: the facts a receipt is made from, and the per-donation lock that makes it one e-mail.

import type { TGivingInterval } from '@kindling/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { issuerProfileOf } from '../organisations/index.ts';
import type { ReceiptFacts } from './receipt-text.ts';

type FactsRow = {
  organisation: string;
  locale: string;
  time_zone: string;
  receipt_number: string | null;
  first_name: string;
  last_name: string;
  email: string;
  created_at: Date;
  amount_minor: number;
  fee_covered_minor: number;
  currency: string;
  campaign: string | null;
  designation: string | null;
  interval: TGivingInterval;
  payment_method: string | null;
  provider_reference: string | null;
  gift_aid: boolean;
  gift_aid_name: string | null;
  gift_aid_address: string | null;
  gift_aid_postcode: string | null;
  gift_aid_declared_on: string | null;
  receipt_sent_at: Date | null;
  status: string;
  donor_id: number;
  campaign_id: number | null;
  legal_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  ein: string;
  uk_charity_number: string;
  hmrc_reference: string;
  other_tax_ids: string;
  website: string;
  contact_email: string;
  receipt_signatory_name: string;
  receipt_signatory_title: string;
  receipt_footer: string;
  logo: Buffer | null;
  signature: Buffer | null;
  goods_description: string | null;
  goods_fmv_minor: number | null;
};

// The organisation's logo and signature images, PNG or JPEG only (what the PDF can embed). Read
// from stored_files by the key in the URL (/uploads/<key>), of the same organisation.
const image = (column: string) =>
  sql.raw(`(SELECT f.content FROM stored_files f
    WHERE f.key = substr(n.${column}, 10) AND f.npo_id = n.id AND f.content_type IN ('image/png', 'image/jpeg'))`);

export type ReceiptSource = {
  facts: ReceiptFacts;
  sentAt: Date | null;
  status: string;
  /** Whose portal link the e-mail carries, and which campaign's receipt template applies. */
  refs: { donorId: number; campaignId: number | null };
};

/** The donation of that organisation with its donor, organisation and campaign names; null when unknown. */
export async function findReceiptSource(db: Db, npoId: number, donationId: number): Promise<ReceiptSource | null> {
  const { rows } = await db.execute<FactsRow>(sql`
    SELECT n.name AS organisation, n.locale, n.time_zone, d.receipt_number, dn.first_name, dn.last_name, dn.email, d.created_at,
           d.amount_minor, d.fee_covered_minor, d.currency, c.name AS campaign, d.designation_name AS designation,
           d.interval, d.payment_method, d.provider_reference, d.gift_aid, d.gift_aid_name, d.gift_aid_address,
           d.gift_aid_postcode, d.gift_aid_declared_on::text AS gift_aid_declared_on, d.receipt_sent_at, d.status,
           d.donor_id, d.campaign_id, n.legal_name, n.address_line1, n.address_line2, n.city, n.region, n.postcode,
           n.country, n.ein, n.uk_charity_number, n.hmrc_reference, n.other_tax_ids, n.website, n.contact_email,
           n.receipt_signatory_name, n.receipt_signatory_title, n.receipt_footer,
           ${image('logo_url')} AS logo, ${image('receipt_signature_url')} AS signature,
           g.description AS goods_description, g.fair_market_value_minor AS goods_fmv_minor
    FROM donations d
    LEFT JOIN donation_goods g ON g.donation_id = d.id AND g.npo_id = d.npo_id
    JOIN npos n ON n.id = d.npo_id
    JOIN donors dn ON dn.id = d.donor_id AND dn.npo_id = d.npo_id
    LEFT JOIN campaigns c ON c.id = d.campaign_id AND c.npo_id = d.npo_id
    WHERE d.id = ${donationId} AND d.npo_id = ${npoId}`);
  const r = rows[0];
  if (!r) return null;
  return {
    facts: toFacts(r),
    sentAt: r.receipt_sent_at,
    status: r.status,
    refs: { donorId: Number(r.donor_id), campaignId: r.campaign_id === null ? null : Number(r.campaign_id) },
  };
}

function toFacts(r: FactsRow): ReceiptFacts {
  return {
    organisation: r.organisation,
    locale: r.locale,
    timeZone: r.time_zone,
    receiptNumber: r.receipt_number ?? '',
    donorName: `${r.first_name} ${r.last_name}`.trim(),
    donorEmail: r.email,
    date: new Date(r.created_at),
    amountMinor: Number(r.amount_minor),
    feeCoveredMinor: Number(r.fee_covered_minor),
    currency: r.currency,
    campaign: r.campaign,
    designation: r.designation,
    interval: r.interval,
    paymentMethod: r.payment_method,
    providerReference: r.provider_reference,
    giftAid: r.gift_aid
      ? {
          name: r.gift_aid_name ?? '',
          address: r.gift_aid_address ?? '',
          postcode: r.gift_aid_postcode ?? '',
          declaredOn: r.gift_aid_declared_on ?? r.created_at.toISOString().slice(0, 10),
        }
      : null,
    goods:
      r.goods_description === null
        ? null
        : { description: r.goods_description, fairMarketValueMinor: Number(r.goods_fmv_minor) },
    issuer: {
      ...issuerProfileOf(r),
      signatoryName: r.receipt_signatory_name,
      signatoryTitle: r.receipt_signatory_title,
      footer: r.receipt_footer,
      logo: r.logo,
      signature: r.signature,
    },
  };
}

/**
 * Locks the donation while its receipt is unsent and returns its receipt number (giving it the
 * donations module's `{npo}-{id}` number if an older row has none). A second job for the same
 * gift waits here for the first: null when, by then, the receipt went out. (Not SKIP LOCKED: the
 * invitation job locks the same row, and skipping it would lose a receipt.)
 */
export async function lockUnsentReceipt(
  tx: Tx,
  npoId: number,
  donationId: number,
  /** A resend asked for by staff: lock the gift whether or not its receipt went out before. */
  evenIfSent = false,
): Promise<string | null> {
  const { rows } = await tx.execute<{ receipt_number: string | null }>(sql`
    SELECT receipt_number FROM donations
    WHERE id = ${donationId} AND npo_id = ${npoId} AND (${evenIfSent}::boolean OR receipt_sent_at IS NULL)
    FOR NO KEY UPDATE`);
  const row = rows[0];
  if (!row) return null;
  if (row.receipt_number) return row.receipt_number;
  const numbered = await tx.execute<{ receipt_number: string }>(sql`
    UPDATE donations SET receipt_number = npo_id || '-' || lpad(id::text, 6, '0')
    WHERE id = ${donationId} AND npo_id = ${npoId} RETURNING receipt_number`);
  return numbered.rows[0]?.receipt_number ?? null;
}

export async function markReceiptSent(tx: Tx, npoId: number, donationId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE donations SET receipt_sent_at = now() WHERE id = ${donationId} AND npo_id = ${npoId}`);
}
