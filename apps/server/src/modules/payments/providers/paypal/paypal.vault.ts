// PayPal Vault v3: a setup token the payer approves, then a reusable payment token.
import type { CreatedSetupToken, CreateSetupTokenInput, SavedPaymentToken } from '../payment-provider.ts';
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
