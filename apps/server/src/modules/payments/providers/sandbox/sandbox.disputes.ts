// Disputes in the sandbox: what a donor's bank does at a real provider, for offline demos and
// tests. Each step sends the same signed event a provider would, through the same webhook route.
import type { ProviderAccount } from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import type { SandboxContext } from './sandbox.context.ts';

export type SandboxDisputeInput = {
  account: ProviderAccount;
  /** The disputed payment (intent, charge or order id, or the capture id of a wallet payment). */
  paymentId: string;
  /** Omitted: the whole payment. */
  amountMinor?: number;
  reason?: string;
};

export type SandboxDispute = { id: string; paymentId: string; amountMinor: number; currency: string };

async function disputedPayment(ctx: SandboxContext, input: SandboxDisputeInput) {
  const paymentId = input.paymentId.replace(/^capture_sandbox_/, 'order_sandbox_');
  const row = await ctx.load(input.account, paymentId, ['intent', 'charge', 'order']);
  const amountMinor = input.amountMinor ?? row.amountMinor ?? 0;
  if (row.status !== 'succeeded' || amountMinor < 1 || amountMinor > (row.amountMinor ?? 0)) {
    throw new ProviderError('sandbox', 'invalid_amount', 'Only part or all of a succeeded payment can be disputed.');
  }
  return { row, amountMinor };
}

/** The donor's bank opens a chargeback: the provider withdraws the amount now. */
export async function openSandboxDispute(ctx: SandboxContext, input: SandboxDisputeInput): Promise<SandboxDispute> {
  const { row, amountMinor } = await disputedPayment(ctx, input);
  const id = ctx.newId('dp');
  ctx.emit('dispute.opened', row, {
    dispute: { id, amount_minor: amountMinor, reason: input.reason ?? null, outcome: null },
  });
  return { id, paymentId: row.id, amountMinor, currency: row.currency ?? 'USD' };
}

/** The bank decides: won returns the withdrawn amount to the charity, lost keeps it gone. */
export async function closeSandboxDispute(
  ctx: SandboxContext,
  input: SandboxDisputeInput & { disputeId: string; outcome: 'won' | 'lost' },
): Promise<void> {
  const { row, amountMinor } = await disputedPayment(ctx, input);
  ctx.emit('dispute.closed', row, {
    dispute: { id: input.disputeId, amount_minor: amountMinor, reason: input.reason ?? null, outcome: input.outcome },
  });
}
