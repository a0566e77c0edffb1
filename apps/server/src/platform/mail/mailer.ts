import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type Mailer = { send: (message: MailMessage) => Promise<void>; outboxDir: string | null };

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/mail. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: null,
      send: async (m) => {
        await transport.sendMail({ from: options.from, ...m });
      },
    };
  }
  const outboxDir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    send: async (m) => {
      const info = await transport.sendMail({ from: options.from, ...m });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = path.join(outboxDir, `${stamp}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}
