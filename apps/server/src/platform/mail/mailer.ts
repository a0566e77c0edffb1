import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/tx.ts';
import { mailOutbox } from './mail-outbox.tables.ts';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A From other than MAIL_FROM (a display name of the organisation's own, same address). */
  from?: { name: string; address: string };
  replyTo?: string;
  /** Extra headers (List-Unsubscribe for marketing e-mails, docs/product/crm-email-marketing.md). */
  headers?: Record<string, string>;
};
/**
 * `via`: the caller's open transaction. A sender holding a row lock passes it, so the outbox row is
 * written on its own connection: asking the pool for another while holding the lock could wait
 * forever behind requests that hold every other connection and wait for that lock.
 */
export type Mailer = { send: (message: MailMessage, via?: Tx) => Promise<void>; outboxDir: string | null };

/**
 * SMTP when SMTP_URL is set. Otherwise each message goes to the mail_outbox table, which every
 * instance shares, and a copy to DATA_DIR/mail as an .eml file to open in a mail program on this
 * machine (docs/decisions/024-restart-and-shared-storage.md).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; db: Db }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: null,
      send: async (m) => {
        // A recipient the server refuses (all of them: one per message) makes sendMail throw with
        // its SMTP responseCode, which marketing reads as a hard bounce (5xx).
        await transport.sendMail({ from: options.from, ...m });
      },
    };
  }
  const outboxDir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    send: async (m, via) => {
      const info = await transport.sendMail({ from: options.from, ...m });
      const message = info.message as Buffer;
      await (via ?? options.db).insert(mailOutbox).values({ recipients: m.to, subject: m.subject, message });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = path.join(outboxDir, `${stamp}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await fs.writeFile(file, message);
    },
  };
}
