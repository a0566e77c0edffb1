// The statement that records a donation. One statement is atomic without BEGIN/COMMIT and costs
// one round trip instead of nine: recording a gift is the hot path of a busy appeal.
import { sql } from 'drizzle-orm';
import { executePrepared } from '../../platform/db/prepared.ts';
import { insertSelectLists, rowFromDriver } from '../../platform/db/raw-rows.ts';
import { auditInsertSql } from '../audit/index.ts';
import { type DonorDetails, donorUpsertSql } from '../donors/index.ts';
import { notificationCtes } from '../notifications/index.ts';
import { donations } from './donations.tables.ts';
import { type LedgerLine, ledgerInsertSql } from './ledger.repository.ts';
import type { DonationNotice, DonationRow } from './record-payment.service.ts';
import type { Tx } from './tx.ts';

type NewDonation = Omit<typeof donations.$inferInsert, 'id' | 'donorId' | 'receiptNumber'> & {
  npoId: number;
  provider: string;
  providerReference: string;
  amountMinor: number;
  currency: string;
};

export type DonationWrite = {
  values: NewDonation;
  donor: DonorDetails;
  /** A new donor's first-gift date. */
  donorSince: Date;
  ledger: readonly LedgerLine[];
  notify?: DonationNotice;
};

/**
 * Writes the donor (found or created by e-mail), the donation with its receipt number, its ledger
 * lines, the audit entry and the staff notification, unless the payment is recorded already.
 * Returns the new donation, or null when this payment has a donation (recorded before, or by a
 * concurrent call that won the unique (provider, reference) index): then nothing was written.
 */
export async function insertDonationOnce(db: Tx, write: DonationWrite): Promise<DonationRow | null> {
  const { values } = write;
  const notRecorded = sql`NOT EXISTS (SELECT 1 FROM ${donations}
    WHERE provider = ${values.provider} AND provider_reference = ${values.providerReference})`;
  // Receipt numbers are per organisation and follow the donation id: `{npo}-{id, at least 6 digits}`.
  const lists = insertSelectLists(donations, values, {
    id: sql`n.id`,
    donorId: sql`donor.id`,
    receiptNumber: sql`${String(values.npoId)} || '-' || lpad(n.id::text, greatest(6, length(n.id::text)), '0')`,
  });
  const notice = write.notify;
  const rows = await executePrepared(
    db,
    sql`
    WITH donor AS (
      ${donorUpsertSql(values.npoId, write.donor, write.donorSince, notRecorded)}
      RETURNING id
    ), inserted AS (
      INSERT INTO ${donations} (${lists.columns}) OVERRIDING SYSTEM VALUE
      SELECT ${lists.select}
      FROM donor, LATERAL (SELECT nextval(pg_get_serial_sequence('donations', 'id')) AS id) n
      ON CONFLICT (provider, provider_reference) DO NOTHING
      RETURNING *
    ), ledger AS (
      ${ledgerInsertSql(write.ledger, sql`inserted`)}
    ), audit AS (
      ${auditInsertSql(
        {
          npoId: values.npoId,
          actorUserId: null,
          action: 'donation.recorded',
          targetType: 'donation',
          data: {
            provider: values.provider,
            provider_reference: values.providerReference,
            amount_minor: values.amountMinor,
            currency: values.currency,
          },
        },
        {
          about: sql`inserted`,
          targetId: sql`inserted.id`,
          extraData: sql`jsonb_build_object('donor_id', inserted.donor_id)`,
        },
      )}
    )${
      notice
        ? sql`, ${notificationCtes(
            {
              npoId: values.npoId,
              kind: notice.kind,
              title: notice.title,
              message: notice.message,
              data: { ...notice.data, amount_minor: values.amountMinor, currency: values.currency },
            },
            {
              about: sql`inserted`,
              aboutMetadata: sql`jsonb_build_object('donation_id', inserted.id, 'link', '/dashboard/donation/' || inserted.id)`,
            },
          )}`
        : sql``
    }
    SELECT inserted.*${notice ? sql`, (SELECT count(*) FROM notified) AS notified_count` : sql``} FROM inserted`,
  );
  const row = rows[0];
  return row ? rowFromDriver(donations, row) : null;
}
