// Offline demos: staff make the sandbox's pretend bank dispute a sandbox gift, then decide it. The
// sandbox sends the same signed events a provider would, through the webhook route, so what staff
// see afterwards is exactly what a real chargeback records (decision 016).
import { SANDBOX_DISPUTE_MESSAGES, type TSandboxDisputeInput } from '@kindling/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type PaymentProviders, ProviderError, providerErrorToAppError } from '../payments/index.ts';
import { donationDisputes } from './donation-admin.tables.ts';
import { findDonationDetail } from './donation-detail.repository.ts';
import { DONATION_NOT_FOUND } from './refund.service.ts';

export async function simulateSandboxDispute(
  deps: { db: Db; providers: PaymentProviders },
  npoId: number,
  donationId: number,
  input: TSandboxDisputeInput,
): Promise<void> {
  const found = await findDonationDetail(deps.db, npoId, donationId);
  if (!found) throw new AppError('NOT_FOUND', DONATION_NOT_FOUND);
  const { donation } = found;
  const sandbox = deps.providers.sandbox;
  const paymentId = donation.providerCaptureId ?? donation.providerReference;
  if (!sandbox || donation.provider !== 'sandbox' || !paymentId || donation.status !== 'succeeded') {
    throw new AppError('CONFLICT', SANDBOX_DISPUTE_MESSAGES.notSandbox);
  }
  const [open] = await deps.db
    .select()
    .from(donationDisputes)
    .where(and(eq(donationDisputes.donationId, donationId), eq(donationDisputes.status, 'open')));
  const account = { npoId, accountId: null };
  await askSandbox(async () => {
    if (input.action === 'open') {
      if (open) throw new AppError('CONFLICT', SANDBOX_DISPUTE_MESSAGES.alreadyOpen);
      await sandbox.openDispute({ account, paymentId, reason: 'fraudulent' });
    } else {
      if (!open) throw new AppError('CONFLICT', SANDBOX_DISPUTE_MESSAGES.noneOpen);
      await sandbox.closeDispute({
        account,
        paymentId,
        amountMinor: open.amountMinor,
        reason: open.reason ?? undefined,
        disputeId: open.providerDisputeId,
        outcome: input.action === 'win' ? 'won' : 'lost',
      });
    }
  });
  // The event travels like a provider's webhook; the answer shows what it recorded.
  await sandbox.flushWebhooks();
}

/** The sandbox's refusal (e.g. a seeded gift it never took) as the API's error, with its message. */
async function askSandbox(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    throw error instanceof ProviderError ? providerErrorToAppError(error) : error;
  }
}
