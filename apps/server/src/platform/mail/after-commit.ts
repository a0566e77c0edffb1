import type { Mailer, MailMessage } from './mailer.ts';

/**
 * A mailer that holds its messages until `release()`: code running inside a transaction composes its
 * e-mails through `mailer`, and the caller releases them once the transaction has committed. If it
 * rolls back, the messages are dropped: no invitation or verification link goes out for a row that
 * was never saved (an SMTP server or the DATA_DIR/mail copy cannot be rolled back).
 * docs/decisions/083-platform-logo-and-organisation-defaults.md
 */
export function mailAfterCommit(real: Mailer): { mailer: Mailer; release: () => Promise<void> } {
  const held: MailMessage[] = [];
  return {
    // `via` (the caller's transaction) is not used: the message is written after that transaction ends.
    mailer: { outboxDir: real.outboxDir, send: async (message) => void held.push(message) },
    release: async () => {
      for (const message of held.splice(0)) await real.send(message);
    },
  };
}
