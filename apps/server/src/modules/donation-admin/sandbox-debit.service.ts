// Offline demos: "days later", now. Staff settle a sandbox bank debit that is still processing; the
// sandbox answers as the bank would for its test account and sends the signed event through the
// webhook route, so the gift is settled exactly as a real debit's webhook settles it (decision 038).
import { SANDBOX_DEBIT_MESSAGES } from '@kindling/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type PaymentProviders, ProviderError, providerErrorToAppError } from '../payments/index.ts';
import { findDonationDetail } from './donation-detail.repository.ts';
import { DONATION_NOT_FOUND } from './refund.service.ts';

export async function settleSandboxDebit(
  deps: { db: Db; providers: PaymentProviders },
  npoId: number,
  donationId: number,
): Promise<void> {
  const found = await findDonationDetail(deps.db, npoId, donationId);
  if (!found) throw new AppError('NOT_FOUND', DONATION_NOT_FOUND);
  const { donation } = found;
  const sandbox = deps.providers.sandbox;
  if (!sandbox || donation.provider !== 'sandbox' || !donation.providerReference) {
    throw new AppError('CONFLICT', SANDBOX_DEBIT_MESSAGES.notSandbox);
  }
  if (donation.status !== 'pending') throw new AppError('CONFLICT', SANDBOX_DEBIT_MESSAGES.notProcessing);
  try {
    await sandbox.settleDebit({ account: { npoId, accountId: null }, paymentId: donation.providerReference });
  } catch (error) {
    throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
  }
  // The event travels like a provider's webhook; the answer shows what it recorded.
  await sandbox.flushWebhooks();
}
