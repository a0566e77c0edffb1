import fs from 'node:fs/promises';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.ts';
import { mailOutbox } from '../src/platform/mail/mail-outbox.tables.ts';

export type ReadMail = { file: string; headers: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
  // Re-encode plain characters so decodeURIComponent only expands the =XX escapes.
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

function readMessage(file: string, raw: string): ReadMail {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const isQp = /content-transfer-encoding:\s*quoted-printable/i.test(headers);
  return { file, headers, text: isQp ? decodeQuotedPrintable(body) : body };
}

/** The .eml copies the mailer wrote to DATA_DIR/mail, oldest first, with their text decoded. */
export async function readOutbox(dataDir: string): Promise<ReadMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => readMessage(file, await fs.readFile(path.join(dir, file), 'utf8'))));
}

/** The outbox every instance shares (the mail_outbox table), oldest first; `file` is the row's id. */
export async function readOutboxTable(db: Db): Promise<ReadMail[]> {
  const rows = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
  return rows.map((row) => readMessage(String(row.id), row.message.toString('utf8')));
}
