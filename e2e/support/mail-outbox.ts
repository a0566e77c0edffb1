import fs from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

// The e2e server writes every e-mail to <data dir>/mail/*.eml (the mailer's outbox in tests).

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The decoded e-mails sent to `to`, oldest first. */
export async function mailsTo(to: string): Promise<string[]> {
  const dir = path.join(inject('dataDir'), 'mail');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raws = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return raws
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(raw.slice(0, raw.indexOf('\n\n'))))
    .map(decodeQuotedPrintable);
}

/** The path of the donor's signed portal link (/portal/p1.…) in the first e-mail to `to` that has one. */
export async function portalLinkFor(to: string): Promise<string> {
  for (let i = 0; i < 120; i++) {
    for (const mail of await mailsTo(to)) {
      const found = /https?:\/\/[^\s"'<>)]+(\/portal\/p1\.[A-Za-z0-9._-]+)/.exec(mail);
      if (found?.[1]) return found[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail with a portal link to ${to}`);
}
