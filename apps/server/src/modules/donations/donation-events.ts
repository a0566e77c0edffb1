import type { TWebhookEventType } from '@kindling/contracts';
import type { Tx } from '../../platform/db/tx.ts';
import { recordWebhookEvent } from '../../platform/outbox/webhook-outbox.ts';
import type { donations } from './donations.tables.ts';

type Donation = Pick<
  typeof donations.$inferSelect,
  'id' | 'npoId' | 'amountMinor' | 'currency' | 'donorId' | 'campaignId' | 'receiptNumber' | 'recurringPlanId'
>;

/**
 * A donation's webhook event, in the caller's transaction (docs/decisions/074-webhook-outbox.md). The
 * data has the shape of the gift statement's `donation.succeeded` event, with `extra` beside it.
 */
export const recordDonationEvent = (
  tx: Tx,
  type: Extract<TWebhookEventType, `donation.${string}`>,
  row: Donation,
  extra: Record<string, unknown> = {},
) =>
  recordWebhookEvent(tx, {
    npoId: row.npoId,
    type,
    data: {
      donation_id: row.id,
      amount_minor: row.amountMinor,
      currency: row.currency,
      donor_id: row.donorId,
      campaign_id: row.campaignId,
      receipt_number: row.receiptNumber,
      recurring: row.recurringPlanId !== null,
      ...extra,
    },
  });
