// PayPal Vault v3: a setup token the payer approves, then a reusable payment token.
import type {
  CreatedSetupToken,
  CreateSetupTokenInput,
  SavedMethodCheck,
  SavedPaymentToken,
} from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import type { PayPalClient } from './paypal.client.ts';
import { approveLinkOf, type PayPalOrder } from './paypal.shapes.ts';

export async function createSetupToken(client: PayPalClient, input: CreateSetupTokenInput): Promise<CreatedSetupToken> {
  const token = await client.request<{ id: string; status: string; links?: PayPalOrder['links'] }>(
    'POST',
    '/v3/vault/setup-tokens',
    {
      requestId: input.idempotencyKey,
      body: {
        payment_source: {
          paypal: {
            ...(input.description ? { description: input.description } : {}),
            usage_type: 'MERCHANT',
            customer_type: 'CONSUMER',
            permit_multiple_payment_tokens: false,
            experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl },
          },
        },
      },
    },
  );
  return { id: token.id, status: token.status, approveUrl: approveLinkOf(token.links) };
}

export async function createPaymentToken(
  client: PayPalClient,
  { setupTokenId, idempotencyKey }: { setupTokenId: string; idempotencyKey: string },
): Promise<SavedPaymentToken> {
  const token = await client.request<{
    id: string;
    customer?: { id?: string };
    payment_source?: { paypal?: { email_address?: string } };
  }>('POST', '/v3/vault/payment-tokens', {
    requestId: idempotencyKey,
    body: { payment_source: { token: { id: setupTokenId, type: 'SETUP_TOKEN' } } },
  });
  return {
    id: token.id,
    customerId: token.customer?.id ?? null,
    email: token.payment_source?.paypal?.email_address ?? null,
  };
}

/**
 * An imported plan's vault payment token (decision 101): it must exist, and belong to the PayPal
 * customer the row names when it names one. A token PayPal does not know is the row's error.
 */
export async function checkVaultToken(
  client: PayPalClient,
  input: { customerId: string | null; paymentMethodId: string },
): Promise<SavedMethodCheck> {
  let token: { id: string; customer?: { id?: string } };
  try {
    token = await client.request('GET', `/v3/vault/payment-tokens/${encodeURIComponent(input.paymentMethodId)}`);
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'not_found') {
      return { ok: false, reason: `payment_method_id: PayPal has no vault token ${input.paymentMethodId}.` };
    }
    throw error;
  }
  const owner = token.customer?.id ?? null;
  if (input.customerId && owner !== input.customerId) {
    return {
      ok: false,
      reason: `customer_id: vault token ${input.paymentMethodId} is not saved for PayPal customer ${input.customerId}.`,
    };
  }
  return { ok: true, paymentMethodId: token.id, customerId: owner, card: null };
}
