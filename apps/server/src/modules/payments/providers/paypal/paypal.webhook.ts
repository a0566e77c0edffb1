// PayPal webhooks, verified by PayPal's postback with our webhook id.
import { headerValue, type ProviderEvent, type WebhookHeaders } from '../payment-provider.ts';
import { WebhookSignatureError } from '../provider-error.ts';
import type { PayPalClient } from './paypal.client.ts';
import { type PayPalWebhookEvent, translatePayPalEvent } from './paypal.events.ts';

export async function parsePayPalWebhook(
  client: PayPalClient,
  rawBody: Buffer | string,
  headers: WebhookHeaders,
): Promise<ProviderEvent> {
  if (!client.settings.webhookId) throw new WebhookSignatureError('paypal', 'PAYPAL_WEBHOOK_ID is not configured');
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
    webhook_id: client.settings.webhookId,
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
}
