// PayPal REST over fetch against a configurable base (PAYPAL_API_BASE), so tests use a local
// stand-in: client-credentials token cached until shortly before it expires, JSON bodies,
// PayPal-Request-Id for idempotency, errors translated by PayPal's issue codes.
import { GENERIC_PAYMENT_MESSAGE, ProviderError, type ProviderErrorCode } from '../provider-error.ts';

export type PayPalSettings = {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a stand-in). */
  apiBase: string;
  /** The webhook's id in the PayPal dashboard; without it every webhook is refused. */
  webhookId?: string;
  fetch?: typeof fetch;
};

type PayPalErrorBody = {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ issue?: string; description?: string }>;
};

/** PayPal's `issue` codes we branch on (Orders v2 and Vault v3 error references). */
const ISSUES: Record<string, ProviderErrorCode> = {
  INSTRUMENT_DECLINED: 'card_declined',
  PAYER_ACTION_REQUIRED: 'authentication_required',
  ORDER_NOT_APPROVED: 'unexpected_state',
  ORDER_ALREADY_CAPTURED: 'unexpected_state',
  ORDER_COMPLETION_IN_PROGRESS: 'unexpected_state',
  TOKEN_NOT_APPROVED: 'unexpected_state',
  CURRENCY_NOT_SUPPORTED: 'currency_not_supported',
  DECIMAL_PRECISION: 'invalid_amount',
  AMOUNT_MISMATCH: 'invalid_amount',
  DUPLICATE_INVOICE_ID: 'idempotency_conflict',
  INVALID_RESOURCE_ID: 'not_found',
};
/** PayPal gives developers descriptions, not payer messages: these are ours for the payer. */
const PAYER_MESSAGES: Partial<Record<ProviderErrorCode, string>> = {
  card_declined: 'PayPal declined this payment. Please choose another way to pay.',
  authentication_required: 'PayPal needs you to confirm this payment. Please try again.',
  currency_not_supported: 'PayPal does not accept this currency.',
  invalid_amount: 'PayPal cannot take this amount in this currency.',
  unexpected_state: 'This PayPal payment was not approved or was already completed.',
};

function errorFor(status: number, body: PayPalErrorBody): ProviderError {
  const issue = body.details?.[0]?.issue ?? body.name ?? '';
  const code: ProviderErrorCode =
    ISSUES[issue] ??
    (status === 401 || status === 403
      ? 'provider_auth_failed'
      : status === 404
        ? 'not_found'
        : status === 429
          ? 'rate_limited'
          : status >= 500
            ? 'provider_unavailable'
            : 'invalid_request');
  return new ProviderError('paypal', code, PAYER_MESSAGES[code] ?? GENERIC_PAYMENT_MESSAGE, {
    httpStatus: status,
    providerCode: issue || undefined,
    requestId: body.debug_id,
  });
}

export type PayPalRequest = { body?: unknown; rawBody?: string; requestId?: string; headers?: Record<string, string> };

export function createPayPalClient(settings: PayPalSettings) {
  const doFetch = settings.fetch ?? fetch;
  const base = settings.apiBase.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch {
      throw new ProviderError('paypal', 'provider_unavailable', GENERIC_PAYMENT_MESSAGE);
    }
  }

  /** Client-credentials token, reused until a minute before PayPal says it expires. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await send(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new ProviderError('paypal', 'provider_auth_failed', GENERIC_PAYMENT_MESSAGE, {
        httpStatus: response.status,
      });
    }
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    options: PayPalRequest = {},
    retried = false,
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      accept: 'application/json',
      prefer: 'return=representation',
      ...options.headers,
    };
    if (options.requestId) headers['paypal-request-id'] = options.requestId;
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await send(`${base}${path}`, { method, headers, body: payload });
    const body = (await response.json().catch(() => ({}))) as T & PayPalErrorBody;
    if (response.status === 401 && !retried) {
      // A revoked or expired token: once more with a fresh one (the request id keeps it safe).
      token = null;
      return request<T>(method, path, options, true);
    }
    if (!response.ok) throw errorFor(response.status, body);
    return body;
  }

  return { request, settings };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;
