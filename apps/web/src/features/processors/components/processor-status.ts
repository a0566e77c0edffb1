import type { TCardProcessor, TWalletProcessor } from '@kindling/contracts';

export type StatusKind = 'live' | 'test' | 'off';
export type ProcessorStatus = { kind: StatusKind; label: string; meaning: string };

const LABELS: Record<StatusKind, string> = { live: 'Live', test: 'Sandbox (test mode)', off: 'Not connected' };
const status = (kind: StatusKind, meaning: string): ProcessorStatus => ({ kind, label: LABELS[kind], meaning });

/** What the card tab of the donation form does now, in words for the organisation. */
export function cardStatus(card: TCardProcessor): ProcessorStatus {
  if (card.provider === 'sandbox') {
    return status(
      'test',
      'The donation form takes test cards (such as 4242 4242 4242 4242) through Kindling’s sandbox. No real money moves.',
    );
  }
  if (card.provider === 'stripe' && card.live) {
    return status('live', 'The donation form takes real card payments into the connected Stripe account.');
  }
  if (card.provider === 'stripe') {
    return status('test', 'The donation form takes Stripe test cards into the connected account. No real money moves.');
  }
  return status('off', 'The donation form shows no card tab until a Stripe account is connected.');
}

/** What the PayPal button of the donation form does now. */
export function walletStatus(wallet: TWalletProcessor): ProcessorStatus {
  if (wallet.provider === 'sandbox') {
    return status(
      'test',
      'The PayPal button opens Kindling’s sandbox approval page. No real money moves. The details below are used once PayPal is set up for this installation.',
    );
  }
  if (wallet.provider === 'paypal' && wallet.live) {
    return status('live', 'The donation form shows the PayPal button and pays into this PayPal account.');
  }
  if (wallet.provider === 'paypal') {
    return status('test', 'The donation form shows the PayPal button against PayPal’s sandbox. No real money moves.');
  }
  if (!wallet.client_configured) {
    return status(
      'off',
      'PayPal is not set up for this installation yet, so the donation form shows no PayPal button.',
    );
  }
  return status('off', 'The donation form shows the PayPal button once the merchant id and e-mail are saved.');
}
