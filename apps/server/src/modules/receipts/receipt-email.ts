// The receipt e-mail: the organisation's receipt template (the campaign's own when it has one),
// filled with the gift's facts and the donor's portal link, followed by the part no template can
// remove (the gift's details and the legal wording, as on the PDF).

import type { Tx } from '../../platform/db/tx.ts';
import { createPortalLink } from '../../platform/security/portal-link.ts';
import { emailDocument, renderEmailBody } from '../email-templates/index.ts';
import {
  PERIOD_WORD,
  type Receipt,
  type ReceiptFacts,
  receiptAmount,
  receiptDate,
  receiptFactsHtml,
  receiptFactsText,
} from './receipt-text.ts';

/** Where links in e-mails point (the public origin) and the key portal links are signed with. */
export type PortalLinkKeys = { origin: string; secret: string };

/** The merge fields every e-mail about one gift fills the same way (receipt, thank-you). */
export function giftMergeValues(facts: ReceiptFacts, portalUrl: string) {
  return {
    donor_first_name: facts.donorName.split(' ')[0] ?? '',
    donor_name: facts.donorName,
    organisation_name: facts.organisation,
    campaign_name: facts.campaign ?? '',
    amount: receiptAmount(facts),
    donation_date: receiptDate(facts.date, facts),
    portal_url: portalUrl,
  };
}

export type ReceiptRefs = { npoId: number; donorId: number; campaignId: number | null };

export async function composeReceiptEmail(
  tx: Tx,
  keys: PortalLinkKeys,
  refs: ReceiptRefs,
  facts: ReceiptFacts,
  receipt: Receipt,
): Promise<{ subject: string; html: string; text: string }> {
  const portalUrl = createPortalLink({
    origin: keys.origin,
    secret: keys.secret,
    npoId: refs.npoId,
    donorId: refs.donorId,
  });
  const body = await renderEmailBody(tx, {
    npoId: refs.npoId,
    campaignId: refs.campaignId,
    kind: 'receipt',
    values: {
      ...giftMergeValues(facts, portalUrl),
      receipt_number: facts.receiptNumber,
      plan_interval: PERIOD_WORD[facts.interval],
    },
  });
  return {
    subject: body.subject || receipt.subject,
    html: emailDocument(`${body.html}\n${receiptFactsHtml(receipt)}`),
    text: `${body.text}\n\n${receiptFactsText(receipt)}`,
  };
}
