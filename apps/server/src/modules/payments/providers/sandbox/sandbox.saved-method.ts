// Sandbox mode for recurring imports (decision 101): an imported row may name one of the sandbox's
// own saved methods, or one of Stripe's documented test PaymentMethod ids (pm_card_visa…), so the
// whole import can be tried without a provider account. A test id gets a saved method of its own
// for that row (named by the row's key, so importing the row again finds the same one), which the
// scheduler then charges like any saved sandbox card.
import { sha256Hex } from '../../../../platform/security/tokens.ts';
import { sandboxPaymentMethods } from '../../payments.tables.ts';
import type { CheckSavedMethodInput, SavedMethodCheck } from '../payment-provider.ts';
import type { SandboxContext } from './sandbox.context.ts';
import { findMethod } from './sandbox.repository.ts';

/** Stripe's test PaymentMethods (https://docs.stripe.com/testing) by the card they stand for. */
export const SANDBOX_TEST_METHODS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  // Declines every off-session charge: tries the failed-charge path (sandbox.cards.ts).
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
};

const TEST_EXPIRY = { expMonth: 12, expYear: 2034 };

export async function checkSandboxMethod(ctx: SandboxContext, input: CheckSavedMethodInput): Promise<SavedMethodCheck> {
  const npoId = input.account.npoId;
  const test = SANDBOX_TEST_METHODS[input.paymentMethodId];
  if (test) {
    const id = `pm_sandbox_imp_${sha256Hex(`${npoId}:${input.key}`).slice(0, 24)}`;
    await ctx.db
      .insert(sandboxPaymentMethods)
      .values({
        id,
        npoId,
        type: 'card',
        cardLast4: test.last4,
        cardExpMonth: TEST_EXPIRY.expMonth,
        cardExpYear: TEST_EXPIRY.expYear,
      })
      .onConflictDoNothing();
    return {
      ok: true,
      paymentMethodId: id,
      customerId: input.customerId,
      card: { brand: test.brand, last4: test.last4, ...TEST_EXPIRY },
    };
  }
  const method = await findMethod(ctx.db, input.paymentMethodId, npoId);
  if (!method) {
    const known = Object.keys(SANDBOX_TEST_METHODS).join(', ');
    return {
      ok: false,
      reason: `payment_method_id: the sandbox has no payment method ${input.paymentMethodId}; use a test one (${known}).`,
    };
  }
  const card =
    method.type === 'card' && method.cardExpMonth && method.cardExpYear
      ? { brand: null, last4: method.cardLast4, expMonth: method.cardExpMonth, expYear: method.cardExpYear }
      : null;
  return { ok: true, paymentMethodId: method.id, customerId: input.customerId, card };
}
