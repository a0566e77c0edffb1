// The end of an import's run, before the transaction that marks it finished or failed: its batches
// deferred the donors' totals and year rows and the closed days' sums (deferDonorGiving,
// deferClosedDays), which are re-summed here from the gifts, once per run
// (docs/decisions/102-streaming-donation-import.md, "The run end in parallel").
//
// Idempotent: every step re-sums from the gifts themselves (nothing is added to), so a run that
// crashes after it and before the finishing transaction leaves it to the run that resumes, which
// simply does it all again, over every gift of the import.
//
// Concurrent, each re-sum in its own transaction on its own pool connection (two cores): the closed
// days, and the import's donors split in DONOR_PARTS disjoint sets (by id) whose totals and year
// rows are re-summed together. Why these cannot deadlock:
// - A donors part locks only its own donors' rows, all of them first, in id order (inside
//   refresh_donor_giving; refresh_report_donor_years takes the same locks again, already held), and
//   then writes only those donors' donor_giving and report_donor_years rows. Parts share no donor
//   and no row, so they never wait on each other.
// - The closed days' re-sum takes the advisory locks (7100 shared, then 7101) and writes
//   giving_days, report_days and giving_day_returns; it locks no donor. No lock is common to it and
//   a donors part (their foreign keys share only the organisation's row, in KEY SHARE mode), so
//   neither waits for the other.
// - Other writers meanwhile (checkout, refunds, edits, their triggers) take 7100 shared, maybe 7101
//   (a closed day), and their donors' rows, in either order. None of these transactions holds a
//   donor's row and an advisory lock both, so a writer may wait on one of them, or one of them on
//   the writer, but the writer cannot be waited on by the one it waits for: no cycle. (When the
//   donors' and the closed days' re-sums shared one transaction, a refund holding 7101 and waiting
//   for a donor the re-sum held, while the re-sum waited for 7101, was one.)
// - Another import of the same organisation, recording, upserts its batch's donors in its own
//   order; a part may then meet it in a cycle, as the single run-end transaction before could:
//   PostgreSQL breaks it, the run fails with a deadlock, which is retried (cannotSucceedOnRetry),
//   and the run that resumes does the run end again.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { refreshDonorGivingKeys } from '../donors/index.ts';
import { refreshImportDays } from './import-closed-days.ts';
import { IMPORT_PROVIDER } from './import-reference.ts';

/** Disjoint sets of donors re-summed side by side: two, for a database with two cores. */
const DONOR_PARTS = 2;

/**
 * The tables whose statistics the re-sums' plans hang on: the gifts and their ledger lines, read
 * whole by the closed days' re-sum and per donor by the others (decision 102, "Re-summing closed
 * days at the end of a run"). The tables the re-sums write (donor_giving, report_donor_years) are
 * read by key only; donors is not read by them. The batches analysed them all as they grew.
 */
const RESUM_TABLES = ['donations', 'ledger_entries'];

/**
 * ANALYZE of those whose statistics autovacuum would renew now (rows changed since the last
 * ANALYZE above 50 + 10% of the table, its default rule) but has not yet, each on its own
 * connection at once: planned for the tables as the last analysis in the batches left them (half
 * the gifts, or dates not seen yet), the re-sums could choose a plan per row that took minutes.
 * A small import into large tables analyses nothing.
 */
async function analyzeStale(db: Db): Promise<void> {
  const names = sql.join(
    RESUM_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT s.relname AS name FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public' AND s.relname IN (${names})
      AND s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`);
  await settle(rows.map((r) => db.execute(sql.raw(`ANALYZE ${r.name}`))));
}

type DonorPart = { npoIds: string; years: string; donorIds: string };

/**
 * The (organisation, calendar year, donor) keys of the gifts the import recorded, found once (the
 * donors' and the year rows' re-sums each found them before): each checked row's gift by its
 * reference, import-<id>-<row>, an index read per row whatever the database's collation. Split by
 * donor into DONOR_PARTS sets, each as array literals (strings: a million gifts' keys are a few MB
 * of text, not a million JavaScript objects).
 */
async function donorParts(db: Db, importId: number): Promise<DonorPart[]> {
  const { rows } = await db.execute<DonorPart>(sql`
    SELECT array_agg(k.npo_id)::text AS "npoIds", array_agg(k.year)::text AS years, array_agg(k.donor_id)::text AS "donorIds"
    FROM (SELECT DISTINCT d.npo_id, extract(year FROM d.created_at AT TIME ZONE n.time_zone)::int AS year, d.donor_id
      FROM donation_import_rows r
      JOIN donations d ON d.provider = ${IMPORT_PROVIDER}::text
        AND d.provider_reference = 'import-' || r.import_id::text || '-' || r.file_row::text
      JOIN npos n ON n.id = d.npo_id
      WHERE r.import_id = ${importId}::bigint AND r.reason IS NULL AND d.donor_id IS NOT NULL) k
    GROUP BY k.donor_id % ${DONOR_PARTS}`);
  return rows;
}

/**
 * A donors part's transaction: its sorts of a large import's keys stay in memory rather than on
 * disk. Not the closed days' re-sum: the order of equal elements in giving_day_returns' arrays
 * follows its plan's sorts, and it stays as a re-sum from scratch with the defaults leaves it.
 */
const donorsResum = (db: Db, part: DonorPart) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    await refreshDonorGivingKeys(tx, part);
  });

/** Waits for every step, so that none still runs when this returns, then throws the first failure. */
async function settle(steps: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Statistics, then the re-sums of the import's gifts: its donors' totals and year rows, and the
 * closed days of the file's span, side by side. Run before the transaction that marks the run's
 * end, and again by any run that resumes the import.
 */
export async function resumImportRun(db: Db, found: { id: number; npoId: number }): Promise<void> {
  // The keys are found by reference (an index read per row, whatever the statistics) while the
  // statistics are renewed; each re-sum starts as soon as what it needs is there.
  const analyzed = analyzeStale(db);
  const keys = donorParts(db, found.id);
  const days = analyzed.then(() => db.transaction((tx) => refreshImportDays(tx, found.npoId, found.id)));
  const donors = Promise.all([analyzed, keys]).then(([, parts]) => settle(parts.map((p) => donorsResum(db, p))));
  await settle([analyzed, keys, days, donors]);
}
