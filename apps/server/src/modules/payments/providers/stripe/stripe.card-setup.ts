// Saving a new card without charging it (the donor portal): a SetupIntent for off-session use on
// the organisation's connected account, on the plan's existing customer when there is one, so
// later off-session charges name the same customer.
import type Stripe from 'stripe';
import type {
  CardSetupStatus,
  CreateCardSetupInput,
  CreatedCardSetup,
  PaymentMetadata,
  ProviderAccount,
  ProviderCardSetup,
  SavedCard,
} from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { stripeCall } from './stripe.errors.ts';

const STATUS: Record<Stripe.SetupIntent.Status, CardSetupStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  canceled: 'canceled',
  succeeded: 'succeeded',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function toCardSetup(setup: Stripe.SetupIntent): ProviderCardSetup {
  const message = setup.last_setup_error?.message;
  return {
    id: setup.id,
    status: STATUS[setup.status] ?? 'requires_payment_method',
    paymentMethodId: idOf(setup.payment_method),
    customerId: idOf(setup.customer),
    metadata: (setup.metadata ?? {}) as PaymentMetadata,
    ...(message ? { failureMessage: message } : {}),
  };
}

export async function createCardSetup(
  stripe: Stripe,
  stripeAccount: string,
  input: CreateCardSetupInput,
): Promise<CreatedCardSetup> {
  const customerId =
    input.customerId ??
    (
      await stripeCall(() =>
        stripe.customers.create(
          { ...(input.email ? { email: input.email } : {}), metadata: input.metadata },
          { stripeAccount, idempotencyKey: `${input.idempotencyKey}:customer` },
        ),
      )
    ).id;
  const setup = await stripeCall(() =>
    stripe.setupIntents.create(
      { customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: input.metadata },
      { stripeAccount, idempotencyKey: input.idempotencyKey },
    ),
  );
  if (!setup.client_secret) throw new ProviderError('stripe', 'invalid_request', 'Stripe returned no client secret.');
  return { id: setup.id, clientSecret: setup.client_secret, status: toCardSetup(setup).status, customerId };
}

export async function retrieveCardSetup(
  stripe: Stripe,
  stripeAccount: string,
  { id }: { account: ProviderAccount; id: string },
): Promise<ProviderCardSetup> {
  return toCardSetup(await stripeCall(() => stripe.setupIntents.retrieve(id, {}, { stripeAccount })));
}

/**
 * A saved PaymentMethod's card (Stripe's card.brand, card.last4, card.exp_month,
 * card.exp_year), read on the connected account that holds it; null for any other type.
 */
export async function describeSavedCard(
  stripe: Stripe,
  stripeAccount: string,
  paymentMethodId: string,
): Promise<SavedCard | null> {
  const method = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId, {}, { stripeAccount }));
  const card = method.card;
  if (!card?.exp_month || !card.exp_year) return null;
  return { brand: card.brand ?? null, last4: card.last4 ?? null, expMonth: card.exp_month, expYear: card.exp_year };
}
