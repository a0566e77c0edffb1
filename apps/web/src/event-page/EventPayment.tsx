// The payment step of a ticket order (docs/product/events.md#public-page): the donation form's card step
// for the provider that created the intent: the sandbox card form, or Stripe's Payment Element
// (loaded only now, so the page's first load carries neither Stripe.js nor its form).
import type { TPublicEvent, TTicketOrderCreated, TTicketOrderSummary } from '@kindling/contracts/events.ts';
import { lazy, Suspense, useState } from 'react';
import { HttpError, postJson } from '../donate/http.ts';
import { SandboxCardForm } from '../donate/payment/SandboxCardForm.tsx';
import { eventFormat } from './event-format.ts';

const StripeCardForm = lazy(() =>
  import('../donate/payment/StripeCardForm.tsx').then((m) => ({ default: m.StripeCardForm })),
);

export const PAYMENT_TEXT = {
  failed: 'The payment did not go through. Please try another card.',
  unavailable: 'Card payments for tickets are not available here yet. Please contact the organiser.',
  // e18: PayPal for tickets (decision 081).
  paypalCancelled: 'The PayPal payment was cancelled. Nothing was charged; choose your tickets again to retry.',
  paypalNotStarted: 'PayPal could not be started. Please try again or pay by card.',
  leaving: 'Taking you to PayPal…',
} as const;

/** e18: back from PayPal's approval page: the server captures the PayPal order and checks it is this order's. */
export async function capturePaypalTickets(
  reference: string,
  paypalOrder: string,
): Promise<{ order: TTicketOrderSummary } | { message: string }> {
  try {
    const answer = await postJson<{ status: string; message?: string; order: TTicketOrderSummary | null }>(
      `/event_orders/${reference}/paypal_capture`,
      { order_id: paypalOrder },
    );
    if (answer.status === 'success' && answer.order) return { order: answer.order };
    return { message: answer.message ?? PAYMENT_TEXT.failed };
  } catch (error) {
    return { message: error instanceof HttpError ? error.message : 'Something went wrong. Please try again.' };
  }
}

/** e18: the donation form's once-off PayPal path: the order at PayPal, then its approval page in this tab. */
function PaypalButton({ reference }: { reference: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await postJson<{ approve_url: string }>(`/event_orders/${reference}/paypal_order`, {});
      window.location.assign(new URL(answer.approve_url, window.location.href).href);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : PAYMENT_TEXT.paypalNotStarted);
      setBusy(false);
    }
  };
  return (
    <div className="kd-pay-panel ke-paypal">
      <p className="kd-hint">Or pay with PayPal: you approve the payment at PayPal, then return here.</p>
      <button
        type="button"
        className="kd-pay-paypal-button"
        onClick={start}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? PAYMENT_TEXT.leaving : 'Pay with PayPal'}
      </button>
      {problem && (
        <p className="kd-field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Asks the server to check the intent with the provider; answers the paid order, or what to tell the buyer. */
export async function confirmTicketOrder(
  reference: string,
  paymentIntent: string,
): Promise<{ order: TTicketOrderSummary } | { message: string }> {
  try {
    const answer = await postJson<{ status: string; message?: string; order: TTicketOrderSummary | null }>(
      `/event_orders/${reference}/confirm`,
      { payment_intent: paymentIntent },
    );
    if (answer.status === 'success' && answer.order) return { order: answer.order };
    return { message: answer.message ?? PAYMENT_TEXT.failed };
  } catch (error) {
    return { message: error instanceof HttpError ? error.message : 'Something went wrong. Please try again.' };
  }
}

/** Where Stripe sends the buyer back after a bank's own confirmation: this page, naming the order. */
const returnUrlOf = (reference: string) =>
  `${window.location.origin}${window.location.pathname}?order=${encodeURIComponent(reference)}`;

export function EventPayment({
  created,
  event,
  onPaid,
}: {
  created: TTicketOrderCreated;
  event: TPublicEvent;
  onPaid: (o: TTicketOrderSummary) => void;
}) {
  const format = eventFormat(event);
  const { order, intent } = created;
  const finish = async (): Promise<string | null> => {
    const answer = await confirmTicketOrder(order.reference, intent?.id ?? '');
    if ('order' in answer) {
      onPaid(answer.order);
      return null;
    }
    return answer.message;
  };
  const payLabel = `Pay ${format.money(order.total_minor)}`;
  let form: React.ReactNode;
  if (intent && created.provider === 'sandbox') {
    form = (
      <SandboxCardForm
        intent={intent}
        amountLabel={format.money(order.total_minor)}
        finish={finish}
        submitLabel={payLabel}
      />
    );
  } else if (intent && created.provider === 'stripe' && created.stripe_publishable_key) {
    form = (
      <Suspense fallback={null}>
        <StripeCardForm
          publishableKey={created.stripe_publishable_key}
          wallets={{ applePay: false, googlePay: false }}
          stripeAccount={created.stripe_account}
          intent={intent}
          returnUrl={returnUrlOf(order.reference)}
          billing={{ name: order.buyer_name, email: order.buyer_email }}
          beforeRedirect={() => {}}
          finish={finish}
          submitLabel={payLabel}
        />
      </Suspense>
    );
  } else {
    form = (
      <p className="kd-field-error" role="alert">
        {PAYMENT_TEXT.unavailable}
      </p>
    );
  }
  return (
    <section className="kindling-donation-form ke-payment" aria-labelledby="ke-pay-heading">
      <h2 id="ke-pay-heading" className="kd-section-title">
        Payment
      </h2>
      <p className="kd-hint">Your seats are held for 15 minutes.</p>
      <dl className="ke-figures">
        <dt>Tickets</dt>
        <dd>{format.money(order.subtotal_minor)}</dd>
        {order.discount_minor > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{format.money(order.discount_minor)}</dd>
          </>
        )}
        {order.gift_minor > 0 && (
          <>
            <dt>Gift</dt>
            <dd>{format.money(order.gift_minor)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>
          <strong>{format.money(order.total_minor)}</strong>
        </dd>
      </dl>
      {form}
      {created.paypal && <PaypalButton reference={order.reference} />}
    </section>
  );
}
