// The statement that records a donation. One statement is atomic without BEGIN/COMMIT and costs
// one round trip instead of nine; it is built once per shape and prepared, so a call only binds
// values: recording a gift is the hot path of a busy appeal.
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../platform/db/prepared.ts';
import { driverValues, insertSelectLists, placeholders, prefixed, rowFromDriver } from '../../platform/db/raw-rows.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { webhookEventInsertSql } from '../../platform/outbox/webhook-outbox.ts';
import { auditInsertSql, auditValuesOf } from '../audit/index.ts';
import { type DonorDetails, donorRowOf, donorUpsertSql } from '../donors/index.ts';
import { notificationCtes, notificationValuesOf } from '../notifications/index.ts';
import { donations } from './donations.tables.ts';
import { type LedgerLine, ledgerArraysOf, ledgerInsertSql } from './ledger.repository.ts';
import type { DonationNotice, DonationRow } from './record-payment.service.ts';

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

type Keys = { donation: string[]; donor: string[]; ledger: string[]; audit: string[]; note: string[] | null };

function buildStatement(keys: Keys): SQL {
  const d = placeholders('don_', keys.donation);
  const notRecorded = sql`NOT EXISTS (SELECT 1 FROM ${donations}
    WHERE provider = ${d.provider}::text AND provider_reference = ${d.providerReference}::text)`;
  // Receipt numbers are per organisation and follow the donation id: `{npo}-{id, at least 6 digits}`.
  const lists = insertSelectLists(donations, d, {
    id: sql`n.id`,
    donorId: sql`donor.id`,
    receiptNumber: sql`${d.npoId}::text || '-' || lpad(n.id::text, greatest(6, length(n.id::text)), '0')`,
  });
  const note = keys.note
    ? sql`, ${notificationCtes(placeholders('note_', keys.note) as Parameters<typeof notificationCtes>[0], {
        about: sql`inserted`,
        aboutMetadata: sql`jsonb_build_object('donation_id', inserted.id, 'link', '/dashboard/donation/' || inserted.id)`,
      })}`
    : sql``;
  // Outbound webhooks (docs/decisions/074-webhook-outbox.md): a succeeded gift's event, and a new
  // donor's, ride in this statement as one more INSERT and no round trip; a pending debit announces
  // itself when it settles.
  const event = sql`, webhook_event AS (${webhookEventInsertSql({
    rows: sql`(SELECT inserted.npo_id, 'donation.succeeded' AS type, jsonb_build_object('donation_id', inserted.id,
            'amount_minor', inserted.amount_minor, 'currency', inserted.currency, 'donor_id', inserted.donor_id,
            'campaign_id', inserted.campaign_id, 'receipt_number', inserted.receipt_number,
            'recurring', inserted.recurring_plan_id IS NOT NULL) AS data
          FROM inserted WHERE inserted.status = 'succeeded'
          UNION ALL
          SELECT donor.npo_id, 'donor.created', jsonb_build_object('donor_id', donor.id, 'email', donor.email,
            'first_name', donor.first_name, 'last_name', donor.last_name)
          FROM donor WHERE donor.created AND EXISTS (SELECT 1 FROM inserted)) AS e`,
  })})`;
  return sql`
    WITH donor AS (
      ${donorUpsertSql(placeholders('donor_', keys.donor) as Parameters<typeof donorUpsertSql>[0], notRecorded)}
      RETURNING id, npo_id, email, first_name, last_name, (xmax = 0) AS created
    ), inserted AS (
      INSERT INTO ${donations} (${lists.columns}) OVERRIDING SYSTEM VALUE
      SELECT ${lists.select}
      FROM donor, LATERAL (SELECT nextval(pg_get_serial_sequence('donations', 'id')) AS id) n
      ON CONFLICT (provider, provider_reference) DO NOTHING
      RETURNING *
    ), ledger AS (
      ${ledgerInsertSql(placeholders('ledger_', keys.ledger) as Parameters<typeof ledgerInsertSql>[0], sql`inserted`)}
    ), audit AS (
      ${auditInsertSql(placeholders('audit_', keys.audit) as Parameters<typeof auditInsertSql>[0], {
        about: sql`inserted`,
        targetId: sql`inserted.id`,
        extraData: sql`jsonb_build_object('donor_id', inserted.donor_id)`,
      })}
    )${note}${event}
    SELECT inserted.*${keys.note ? sql`, (SELECT count(*) FROM notified) AS notified_count` : sql``} FROM inserted`;
}

// One prepared statement per shape: which donation columns are given, and whether staff are told.
const statements = new Map<string, ReturnType<typeof preparedStatement>>();

/**
 * Writes the donor (found or created by e-mail), the donation with its receipt number, its ledger
 * lines, the audit entry and the staff notification, unless the payment is recorded already.
 * Returns the new donation, or null when this payment has a donation (recorded before, or by a
 * concurrent call that won the unique (provider, reference) index): then nothing was written.
 */
export async function insertDonationOnce(db: Tx, write: DonationWrite): Promise<DonationRow | null> {
  const { values } = write;
  const donation = driverValues(donations, values);
  const donor = donorRowOf(values.npoId, write.donor, write.donorSince);
  const ledger = ledgerArraysOf(write.ledger);
  const audit = auditValuesOf({
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
  });
  const notice = write.notify;
  const note = notice
    ? notificationValuesOf({
        npoId: values.npoId,
        kind: notice.kind,
        title: notice.title,
        message: notice.message,
        data: { ...notice.data, amount_minor: values.amountMinor, currency: values.currency },
      })
    : null;
  const keys: Keys = {
    donation: Object.keys(donation),
    donor: Object.keys(donor),
    ledger: Object.keys(ledger),
    audit: Object.keys(audit),
    note: note ? Object.keys(note) : null,
  };
  const shape = `${keys.donation.join(',')}|${note ? 'notify' : ''}`;
  let statement = statements.get(shape);
  if (!statement) {
    statement = preparedStatement(() => buildStatement(keys));
    statements.set(shape, statement);
  }
  const rows = await statement(db, {
    ...prefixed('don_', donation),
    ...prefixed('donor_', donor),
    ...prefixed('ledger_', ledger),
    ...prefixed('audit_', audit),
    ...(note ? prefixed('note_', note) : {}),
  });
  const row = rows[0];
  return row ? rowFromDriver(donations, row) : null;
}
