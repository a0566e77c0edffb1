// An imported plan's customer and card, asked of the organisation's connected account through the
// SDK before the plan is made (decision 101): both must exist there, and the card must be saved on
// that customer, or Stripe would refuse every off-session charge.
import type Stripe from 'stripe';
import type { CheckSavedMethodInput, SavedMethodCheck } from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { stripeCall } from './stripe.errors.ts';

/** Null when Stripe answers that the object does not exist on the account; other errors are thrown. */
async function unlessMissing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await stripeCall(call);
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'not_found') return null;
    throw error;
  }
}

export async function checkSavedMethod(
  stripe: Stripe,
  stripeAccount: string,
  input: CheckSavedMethodInput,
): Promise<SavedMethodCheck> {
  const customerId = input.customerId ?? '';
  const customer = await unlessMissing(() => stripe.customers.retrieve(customerId, {}, { stripeAccount }));
  if (!customer || customer.deleted) {
    return { ok: false, reason: `customer_id: no customer ${customerId} on your connected Stripe account.` };
  }
  const method = await unlessMissing(() =>
    stripe.paymentMethods.retrieve(input.paymentMethodId, {}, { stripeAccount }),
  );
  if (!method) {
    return {
      ok: false,
      reason: `payment_method_id: no payment method ${input.paymentMethodId} on your connected Stripe account.`,
    };
  }
  const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
  if (owner !== customer.id) {
    return {
      ok: false,
      reason: `payment_method_id: ${input.paymentMethodId} is not saved on customer ${customer.id}.`,
    };
  }
  const card = method.card;
  return {
    ok: true,
    paymentMethodId: method.id,
    customerId: customer.id,
    card:
      card?.exp_month && card.exp_year
        ? { brand: card.brand ?? null, last4: card.last4 ?? null, expMonth: card.exp_month, expYear: card.exp_year }
        : null,
  };
}
