// PayPal: Orders v2 (the payee is the organisation's merchant id), Vault v3 setup and payment
// tokens, merchant-initiated charges of a vaulted token, refunds, and webhook verification by
// PayPal's postback. Amounts are decimal strings in PayPal's units, converted here.
import type {
  CapturedOrder,
  ChargeSavedInput,
  CreateOrderInput,
  CreateSetupTokenInput,
  PaymentProvider,
  ProviderAccount,
  ProviderPayment,
  ProviderRefund,
  RefundInput,
} from '../payment-provider.ts';
import { headerValue } from '../payment-provider.ts';
import { ProviderError, WebhookSignatureError } from '../provider-error.ts';
import { fromPayPalValue, isPayPalCurrency, toPayPalValue } from './paypal.amounts.ts';
import { createPayPalClient, type PayPalSettings } from './paypal.client.ts';
import { type PayPalWebhookEvent, translatePayPalEvent } from './paypal.events.ts';
import {
  approveLinkOf,
  captureStatusOf,
  decodeCustomId,
  encodeCustomId,
  orderStatusOf,
  type PayPalOrder,
} from './paypal.shapes.ts';

function merchantOf(account: ProviderAccount): string {
  if (!account.accountId) {
    throw new ProviderError('paypal', 'not_configured', 'This organisation has not connected a PayPal account.');
  }
  return account.accountId;
}

function moneyOf(amountMinor: number, currency: string) {
  if (!isPayPalCurrency(currency)) {
    throw new ProviderError('paypal', 'currency_not_supported', 'PayPal does not accept this currency.');
  }
  return { currency_code: currency.trim().toUpperCase(), value: toPayPalValue(amountMinor, currency) };
}

/** An order's first capture in our terms; amount and status come from PayPal only. */
function capturedOf(order: PayPalOrder): CapturedOrder {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = capture?.amount ?? unit?.amount;
  if (!amount) throw new ProviderError('paypal', 'invalid_request', 'PayPal returned an order without an amount.');
  return {
    id: order.id,
    orderId: order.id,
    captureId: capture?.id ?? null,
    status: captureStatusOf(capture?.status),
    amountMinor: fromPayPalValue(amount.value, amount.currency_code),
    currency: amount.currency_code,
    metadata: decodeCustomId(capture?.custom_id ?? unit?.custom_id),
    payerEmail: order.payment_source?.paypal?.email_address ?? order.payer?.email_address ?? null,
    ...(capture?.status === 'DECLINED'
      ? { failureCode: 'card_declined', failureMessage: 'PayPal declined this payment.' }
      : {}),
  };
}

export function createPayPalProvider(settings: PayPalSettings): PaymentProvider {
  const client = createPayPalClient(settings);
  const notSupported = async (): Promise<never> => {
    throw new ProviderError('paypal', 'not_supported', 'Card payments are not available with PayPal here.');
  };
  /** Unsigned JWT naming the merchant, for calls made on its behalf (PayPal's recommendation). */
  const authAssertion = (merchantId: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'none' })}.${part({ iss: settings.clientId, payer_id: merchantId })}.`;
  };

  async function createOrder(input: CreateOrderInput) {
    const amount = moneyOf(input.amountMinor, input.currency);
    const fee = input.platformFeeMinor ? moneyOf(input.platformFeeMinor, input.currency) : null;
    const order = await client.request<PayPalOrder>('POST', '/v2/checkout/orders', {
      requestId: input.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount,
            payee: { merchant_id: merchantOf(input.account) },
            ...(input.description ? { description: input.description.slice(0, 127) } : {}),
            ...(encodeCustomId(input.metadata) ? { custom_id: encodeCustomId(input.metadata) } : {}),
            ...(fee ? { payment_instruction: { platform_fees: [{ amount: fee }], disbursement_mode: 'INSTANT' } } : {}),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    });
    return { id: order.id, status: orderStatusOf(order.status), approveUrl: approveLinkOf(order.links) };
  }

  async function chargeSaved(input: ChargeSavedInput): Promise<ProviderPayment> {
    const order = await client.request<PayPalOrder>('POST', '/v2/checkout/orders', {
      requestId: input.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: moneyOf(input.amountMinor, input.currency),
            payee: { merchant_id: merchantOf(input.account) },
            ...(encodeCustomId(input.metadata) ? { custom_id: encodeCustomId(input.metadata) } : {}),
          },
        ],
        payment_source: {
          paypal: {
            vault_id: input.paymentMethodId,
            stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' },
          },
        },
      },
    });
    return capturedOf(order);
  }

  async function refund(input: RefundInput): Promise<ProviderRefund> {
    const result = await client.request<{
      id: string;
      status: string;
      amount?: { currency_code: string; value: string };
    }>('POST', `/v2/payments/captures/${encodeURIComponent(input.paymentId)}/refund`, {
      requestId: input.idempotencyKey,
      headers: { 'paypal-auth-assertion': authAssertion(merchantOf(input.account)) },
      body: input.amountMinor !== undefined ? { amount: moneyOf(input.amountMinor, input.currency) } : {},
    });
    const status = result.status === 'COMPLETED' ? 'succeeded' : result.status === 'PENDING' ? 'pending' : 'failed';
    const amount = result.amount;
    return {
      id: result.id,
      status,
      amountMinor: amount ? fromPayPalValue(amount.value, amount.currency_code) : (input.amountMinor ?? 0),
      currency: amount?.currency_code ?? input.currency.toUpperCase(),
    };
  }

  return {
    name: 'paypal',
    capabilities: { card: false, wallet: true, vault: true, recurringOffSession: true },
    createIntent: notSupported,
    retrieveIntent: notSupported,
    createOrder,
    captureOrder: async ({ orderId, idempotencyKey }) =>
      capturedOf(
        await client.request<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          requestId: idempotencyKey,
          body: {},
        }),
      ),
    createSetupToken: async (input: CreateSetupTokenInput) => {
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
    },
    createPaymentToken: async ({ setupTokenId, idempotencyKey }) => {
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
    },
    chargeSaved,
    refund,
    parseWebhook: async (rawBody, headers) => {
      if (!settings.webhookId) throw new WebhookSignatureError('paypal', 'PAYPAL_WEBHOOK_ID is not configured');
      const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
      const names = ['auth-algo', 'cert-url', 'transmission-id', 'transmission-sig', 'transmission-time'] as const;
      const values = names.map((name) => headerValue(headers, `paypal-${name}`));
      if (values.some((v) => !v)) throw new WebhookSignatureError('paypal', 'Missing PayPal transmission headers');
      let event: PayPalWebhookEvent;
      try {
        event = JSON.parse(body) as PayPalWebhookEvent;
      } catch {
        throw new WebhookSignatureError('paypal', 'The webhook body is not JSON');
      }
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values;
      const fields = JSON.stringify({
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: settings.webhookId,
      });
      // The event goes back byte for byte: re-serialising could change what PayPal signed.
      const rawRequest = `${fields.slice(0, -1)},"webhook_event":${body}}`;
      const result = await client.request<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          rawBody: rawRequest,
        },
      );
      if (result.verification_status !== 'SUCCESS')
        throw new WebhookSignatureError('paypal', 'PayPal did not verify the signature');
      return translatePayPalEvent(event);
    },
  };
}
