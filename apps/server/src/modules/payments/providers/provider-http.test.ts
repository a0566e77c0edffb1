import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error.ts';
import { ProviderError, WebhookSignatureError } from './provider-error.ts';
import { providerErrorToAppError } from './provider-http.ts';

describe('provider errors over HTTP', () => {
  it.each([
    ['card_declined', 400],
    ['currency_not_supported', 400],
    ['not_found', 404],
    ['unexpected_state', 409],
    ['not_configured', 501],
    ['provider_unavailable', 502],
  ] as const)('%s answers %i with the provider message', (code, status) => {
    const mapped = providerErrorToAppError(new ProviderError('stripe', code, 'Message for the payer.'));
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ status, message: 'Message for the payer.' });
  });

  it('refuses a bad webhook signature with 400 and leaves other errors to the global handler', () => {
    expect(providerErrorToAppError(new WebhookSignatureError('paypal', 'bad'))).toMatchObject({ status: 400 });
    const other = new Error('boom');
    expect(providerErrorToAppError(other)).toBe(other);
  });
});
