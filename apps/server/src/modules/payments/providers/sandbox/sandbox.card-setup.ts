// The sandbox's "save a card without charging it" (the donor portal's new card): a card_setup row
// confirmed by the same card form and confirm endpoint as an intent; success saves pm_sandbox_….
import { sha256Hex } from '../../../../platform/security/tokens.ts';
import type {
  CardSetupStatus,
  CreateCardSetupInput,
  CreatedCardSetup,
  ProviderAccount,
  ProviderCardSetup,
  SavedCard,
} from '../payment-provider.ts';
import { AUTHENTICATION_FAILED_MESSAGE, cardOutcome, type ValidCard } from './sandbox.cards.ts';
import { type SandboxContext, toPayment } from './sandbox.context.ts';
import {
  findMethod,
  insertMethod,
  insertPaymentOnce,
  type SandboxPaymentRow,
  transition,
} from './sandbox.repository.ts';

export type SetupConfirmation = { row: SandboxPaymentRow; nextAction: 'confirm' | null };

const OPEN = ['requires_payment_method', 'requires_action'] as const;

export async function createCardSetup(ctx: SandboxContext, input: CreateCardSetupInput): Promise<CreatedCardSetup> {
  const id = ctx.newId('seti');
  const row = await insertPaymentOnce(ctx.db, {
    id,
    kind: 'card_setup',
    npoId: input.account.npoId,
    accountId: input.account.accountId,
    status: 'requires_payment_method',
    metadata: input.metadata,
    clientSecretDigest: sha256Hex(ctx.clientSecretFor(id)),
    idempotencyKey: `card_setup:${input.account.npoId}:${input.idempotencyKey}`,
  });
  return {
    id: row.id,
    clientSecret: ctx.clientSecretFor(row.id),
    status: row.status as CardSetupStatus,
    customerId: null,
  };
}

export async function retrieveCardSetup(
  ctx: SandboxContext,
  { account, id }: { account: ProviderAccount; id: string },
): Promise<ProviderCardSetup> {
  const row = await ctx.load(account, id, ['card_setup']);
  return {
    id: row.id,
    status: row.status as CardSetupStatus,
    paymentMethodId: row.paymentMethodId,
    customerId: null,
    metadata: row.metadata,
    ...(row.failureMessage ? { failureMessage: row.failureMessage } : {}),
  };
}

async function saveMethod(ctx: SandboxContext, row: SandboxPaymentRow, card: ValidCard | null): Promise<string> {
  const method = await insertMethod(ctx.db, {
    id: ctx.newId('pm'),
    npoId: row.npoId,
    type: 'card',
    cardLast4: card?.last4 ?? row.cardLast4,
    cardExpMonth: card?.expMonth ?? null,
    cardExpYear: card?.expYear ?? null,
  });
  return method.id;
}

/**
 * The card form's answer for a setup. Test cards behave as for a payment: 4242… saves the card,
 * 4000 0025 0000 3155 asks for the extra confirmation first, declining numbers save nothing.
 * Returns null when another confirmation got there first.
 */
export async function confirmCardSetup(
  ctx: SandboxContext,
  row: SandboxPaymentRow,
  card: ValidCard | null,
  actionConfirmed: boolean | undefined,
): Promise<SetupConfirmation | null> {
  if (row.status === 'requires_action' && actionConfirmed !== undefined) {
    const patch = actionConfirmed
      ? {
          status: 'succeeded',
          failureCode: null,
          failureMessage: null,
          paymentMethodId: await saveMethod(ctx, row, card),
        }
      : {
          status: 'requires_payment_method',
          failureCode: 'setup_intent_authentication_failure',
          failureMessage: AUTHENTICATION_FAILED_MESSAGE,
        };
    const next = await transition(ctx.db, row.id, ['requires_action'], patch);
    return next && { row: next, nextAction: null };
  }
  if (!card) return { row, nextAction: null };
  const outcome = cardOutcome(card.number);
  const cleared = { cardLast4: card.last4, failureCode: null, failureMessage: null };
  const patch =
    outcome.kind === 'requires_action'
      ? { status: 'requires_action', ...cleared }
      : outcome.kind === 'succeeds'
        ? { status: 'succeeded', ...cleared, paymentMethodId: await saveMethod(ctx, row, card) }
        : {
            status: 'requires_payment_method',
            cardLast4: card.last4,
            failureCode: outcome.code,
            failureMessage: outcome.message,
          };
  const next = await transition(ctx.db, row.id, OPEN, patch);
  return next && { row: next, nextAction: outcome.kind === 'requires_action' ? 'confirm' : null };
}

/** A setup as the confirm endpoint answers it (no amount: nothing is charged). */
export const setupAsPayment = (row: SandboxPaymentRow) => ({ ...toPayment(row), amountMinor: 0 });

/** A saved sandbox card: its last four digits and expiry as the card form took them (no brand kept). */
export async function describeSavedCard(
  ctx: SandboxContext,
  { account, paymentMethodId }: { account: ProviderAccount; paymentMethodId: string },
): Promise<SavedCard | null> {
  const method = await findMethod(ctx.db, paymentMethodId, account.npoId);
  if (method?.type !== 'card' || !method.cardExpMonth || !method.cardExpYear) return null;
  return { brand: null, last4: method.cardLast4, expMonth: method.cardExpMonth, expYear: method.cardExpYear };
}
