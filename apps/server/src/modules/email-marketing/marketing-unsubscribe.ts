// Unsubscribe links for automated e-mails that are not a campaign's (a workflow's steps, decision
// 098): a token row per message, answered by the same page and one-click POST as a campaign
// recipient's (docs/product/crm-email-marketing.md#unsubscribe-and-tracking).
import type { Db } from '../../platform/db/client.ts';
import type { Tx } from '../../platform/db/tx.ts';
import { emailUnsubscribeLinks } from './marketing.tables.ts';
import { unsubscribeFooter, unsubscribeUrl } from './marketing-render.ts';

export type UnsubscribableMail = { html: string; text: string };

/**
 * Adds the unsubscribe footer to an e-mail's body fragment and plain text, and gives the
 * `List-Unsubscribe` and `List-Unsubscribe-Post` headers; `source` is what the contact's opt-out
 * records when they use it.
 */
export async function withUnsubscribeLink(
  db: Db | Tx,
  mail: UnsubscribableMail,
  link: { npoId: number; donorId: number; subject: string; source: string; origin: string; organisationName: string },
): Promise<UnsubscribableMail & { headers: Record<string, string> }> {
  const [row] = await db
    .insert(emailUnsubscribeLinks)
    .values({ npoId: link.npoId, donorId: link.donorId, subject: link.subject, source: link.source })
    .returning({ token: emailUnsubscribeLinks.token });
  const footer = unsubscribeFooter(unsubscribeUrl(link.origin, row?.token ?? ''), link.organisationName);
  return { html: `${mail.html}${footer.html}`, text: `${mail.text}${footer.text}`, headers: footer.headers };
}
