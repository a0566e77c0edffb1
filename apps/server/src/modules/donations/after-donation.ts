// What happens after a payment became a donation (receipts, donor account invitations…). Each
// follow-up runs on EVERY recording of a payment, `created` or not, so one that failed the first
// time (process stopped, mail server down) is done when the webhook or a retry records the same
// payment again; each must therefore be idempotent itself.
import type { TPublicCampaign } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { ProviderPayment } from '../payments/index.ts';
import type { DonationRow } from './record-payment.service.ts';

export type RecordedGift = {
  db: Db;
  donation: DonationRow;
  /** True only for the call that inserted the donation. */
  created: boolean;
  campaign: TPublicCampaign | null;
  payment: ProviderPayment;
};

export type DonationFollowUp = (gift: RecordedGift) => Promise<void>;

/** Runs every follow-up; one failing never undoes the donation or stops the others. */
export async function runFollowUps(
  followUps: readonly DonationFollowUp[],
  gift: RecordedGift,
  log: (error: unknown) => void,
): Promise<void> {
  for (const followUp of followUps) {
    await followUp(gift).catch(log);
  }
}
