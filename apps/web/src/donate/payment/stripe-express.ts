// Apple Pay and Google Pay through Stripe's Express Checkout Element (decision 041): the wallet
// buttons above the Payment Element, first in the card method order of
// docs/product/donation-form.md#step-2-payment. It shares the Payment Element's Elements group, so
// it pays the same PaymentIntent; loaded only with Stripe.js, when a wallet is offered.
import type {
  Stripe,
  StripeElements,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';

export type ExpressWallets = { applePay: boolean; googlePay: boolean };

export const EXPRESS_MESSAGES = {
  failed: 'The wallet payment did not go through. Please try again or pay by card.',
} as const;

/** Whether any wallet is offered: the organisation's methods and a domain Stripe verified. */
export const anyWallet = (wallets: ExpressWallets) => wallets.applePay || wallets.googlePay;

type Mount = {
  stripe: Stripe;
  elements: StripeElements;
  node: HTMLElement;
  wallets: ExpressWallets;
  returnUrl: string;
  /** Whether the donor's device offers any of the wallets (Stripe decides; none: nothing shows). */
  onAvailable: (available: boolean) => void;
  /** Called before Stripe may leave the page for a bank's own confirmation. */
  beforeRedirect: () => void;
  /** Records the gift; resolves to a message for the donor, or null when it is recorded. */
  finish: (paymentIntentId: string) => Promise<string | null>;
  onFailure: (message: string) => void;
};

/** Confirms the intent the wallet just authorised; a refusal goes back to the wallet's sheet too. */
async function confirmWallet(options: Mount, event: StripeExpressCheckoutElementConfirmEvent) {
  options.beforeRedirect();
  const result = await options.stripe
    .confirmPayment({
      elements: options.elements,
      confirmParams: { return_url: options.returnUrl },
      redirect: 'if_required',
    })
    .catch(() => null);
  if (!result || result.error || !['succeeded', 'processing'].includes(result.paymentIntent.status)) {
    const message = result?.error?.message ?? EXPRESS_MESSAGES.failed;
    event.paymentFailed({ reason: 'fail', message });
    options.onFailure(message);
    return;
  }
  const problem = await options.finish(result.paymentIntent.id);
  if (problem) options.onFailure(problem);
}

/** Creates and mounts the Express Checkout Element; returns its destroy. */
export function mountExpressCheckout(options: Mount): () => void {
  const { wallets } = options;
  const element = options.elements.create('expressCheckout', {
    paymentMethodOrder: ['googlePay', 'applePay'],
    paymentMethods: {
      googlePay: wallets.googlePay ? 'auto' : 'never',
      applePay: wallets.applePay ? 'auto' : 'never',
      link: 'never',
      paypal: 'never',
      amazonPay: 'never',
      klarna: 'never',
    },
    buttonType: { googlePay: 'donate', applePay: 'donate' },
  });
  element.on('ready', (event: StripeExpressCheckoutElementReadyEvent) => {
    const available = event.availablePaymentMethods;
    options.onAvailable(!!available && (available.applePay || available.googlePay));
  });
  // The donor's name and e-mail are already on the intent's billing details from the form.
  element.on('click', (event) => event.resolve());
  element.on('confirm', (event) => {
    void confirmWallet(options, event);
  });
  element.mount(options.node);
  return () => element.destroy();
}
