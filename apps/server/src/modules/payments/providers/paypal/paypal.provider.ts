// PayPal: Orders v2 (the payee is the organisation's merchant id), Vault v3 setup and payment
// tokens, merchant-initiated charges of a vaulted token, refunds, and webhook verification by
// PayPal's postback. Amounts are decimal strings in PayPal's units, converted here.
import type {
  CapturedOrder,
  ChargeSavedInput,
  CreatedOrder,
  CreateOrderInput,
  PaymentProvider,
  ProviderAccount,
  ProviderPayment,
  ProviderRefund,
  RefundInput,
} from '../payment-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { fromPayPalValue, isPayPalCurrency, toPayPalValue } from './paypal.amounts.ts';
import { createPayPalClient, type PayPalClient, type PayPalSettings } from './paypal.client.ts';
import {
  approveLinkOf,
  captureStatusOf,
  decodeCustomId,
  encodeCustomId,
  orderStatusOf,
  type PayPalOrder,
} from './paypal.shapes.ts';
import { checkVaultToken, createPaymentToken, createSetupToken } from './paypal.vault.ts';
import { parsePayPalWebhook } from './paypal.webhook.ts';

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

const notSupported = async (): Promise<never> => {
  throw new ProviderError('paypal', 'not_supported', 'Card payments are not available with PayPal here.');
};

/** Unsigned JWT naming the merchant, for calls made on its behalf (PayPal's recommendation). */
function authAssertion(clientId: string, merchantId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ iss: clientId, payer_id: merchantId })}.`;
}

async function createOrder(client: PayPalClient, input: CreateOrderInput): Promise<CreatedOrder> {
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

async function chargeSaved(client: PayPalClient, input: ChargeSavedInput): Promise<ProviderPayment> {
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

async function refund(client: PayPalClient, input: RefundInput): Promise<ProviderRefund> {
  const result = await client.request<{
    id: string;
    status: string;
    amount?: { currency_code: string; value: string };
  }>('POST', `/v2/payments/captures/${encodeURIComponent(input.paymentId)}/refund`, {
    requestId: input.idempotencyKey,
    headers: { 'paypal-auth-assertion': authAssertion(client.settings.clientId, merchantOf(input.account)) },
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

export function createPayPalProvider(settings: PayPalSettings): PaymentProvider {
  const client = createPayPalClient(settings);
  return {
    name: 'paypal',
    // A PayPal donor changes the method through a new vault approval, not a card form.
    capabilities: { card: false, wallet: true, vault: true, recurringOffSession: true, cardSetup: false },
    createIntent: notSupported,
    retrieveIntent: notSupported,
    createOrder: (input) => createOrder(client, input),
    captureOrder: async ({ orderId, idempotencyKey }) =>
      capturedOf(
        await client.request<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          requestId: idempotencyKey,
          body: {},
        }),
      ),
    createSetupToken: (input) => createSetupToken(client, input),
    createPaymentToken: (input) => createPaymentToken(client, input),
    chargeSaved: (input) => chargeSaved(client, input),
    createCardSetup: notSupported,
    retrieveCardSetup: notSupported,
    // A vault payment token has no expiry to watch.
    describeSavedCard: async () => null,
    // The organisation must have connected PayPal: its plans are charged to its merchant account.
    checkSavedMethod: async (input) => {
      merchantOf(input.account);
      return checkVaultToken(client, input);
    },
    refund: (input) => refund(client, input),
    parseWebhook: (rawBody, headers) => parsePayPalWebhook(client, rawBody, headers),
  };
}
