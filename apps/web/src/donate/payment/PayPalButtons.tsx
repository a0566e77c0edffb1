// Real PayPal for a once-off gift: PayPal's own buttons, loaded only when this tab is shown and the
// campaign's client id, merchant id and e-mail are all set. createOrder asks our server for the
// order; onApprove captures it through our server, one capture request at a time.
import type { TPublicCampaign } from '@kindling/contracts';
import { PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DonationChoice, DonationOutcome } from '../donation-choice.ts';
import { HttpError } from '../http.ts';
import type { DonorDetails } from './donor-details.ts';
import { attemptKeys, capturePaypal, choiceFields, createOrder, donorFields } from './payment-api.ts';

type Props = {
  campaign: TPublicCampaign;
  choice: DonationChoice;
  donor: DonorDetails | null;
  onDone: (outcome: DonationOutcome) => void;
  onError: (message: string | null) => void;
  /** Checks the details asked beside the buttons (Gift Aid); false shows their messages instead. */
  detailsValid?: () => boolean;
};

/** Thrown from createOrder when the donor's details need fixing; their messages are already shown. */
class DetailsMissing extends Error {}

export const PAYPAL_LOAD_FAILED = 'PayPal could not be loaded. Check your connection and refresh the page.';

export function PayPalButtons({ campaign, choice, donor, onDone, onError, detailsValid }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const capturing = useRef(false);
  const keyFor = useMemo(attemptKeys, []);
  const [loading, setLoading] = useState(true);
  // The handlers read the latest props without re-rendering PayPal's iframe.
  const latest = useRef({ choice, donor, onDone, onError, detailsValid });
  latest.current = { choice, donor, onDone, onError, detailsValid };

  // PayPal's script is loaded for one currency; a new currency needs a new script.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the currency
  useEffect(() => {
    let live = true;
    let close: (() => unknown) | undefined;
    (async () => {
      const { loadScript } = await import('@paypal/paypal-js');
      const paypal = await loadScript({
        clientId: campaign.paypal_client_id ?? '',
        merchantId: campaign.paypal_merchant_id ?? undefined,
        currency: choice.currency,
        intent: 'capture',
        components: 'buttons',
      });
      if (!live || !paypal?.Buttons || !box.current) return;
      const buttons = paypal.Buttons({
        style: { layout: 'vertical', label: 'donate' },
        createOrder: async () => {
          const { choice: c, donor: d, detailsValid: valid } = latest.current;
          if (valid && !valid()) throw new DetailsMissing();
          const order = await createOrder(campaign, c, d, keyFor);
          if (!order?.order_id) throw new Error(PAYMENT_MESSAGES.orderNotCreated);
          return order.order_id;
        },
        onApprove: async (data) => {
          if (capturing.current) return;
          capturing.current = true;
          const { choice: c, donor: d, onDone: done, onError: fail } = latest.current;
          try {
            const extra = { ...(d ? donorFields(d) : {}), paypal_transaction: data };
            const answer = await capturePaypal(
              campaign,
              data.orderID,
              { ...choiceFields(c), interval: c.interval },
              extra,
            );
            if (answer.status === 'failed') fail(answer.message ?? PAYMENT_MESSAGES.intentOtherError);
            else {
              const don = answer.donation;
              done({
                status: answer.status,
                donation: don,
                interval: don?.interval ?? c.interval,
                totalMinor: don?.amount_minor ?? c.totalMinor,
                currency: don?.currency ?? c.currency,
              });
            }
          } catch (error) {
            fail(error instanceof HttpError ? error.message : PAYMENT_MESSAGES.intentOtherError);
          } finally {
            capturing.current = false;
          }
        },
        onError: (error) => {
          if (!(error instanceof DetailsMissing)) latest.current.onError(PAYMENT_MESSAGES.orderNotCreated);
        },
      });
      close = () => buttons.close();
      await buttons.render(box.current);
      if (live) setLoading(false);
    })().catch(() => {
      if (live) {
        setLoading(false);
        latest.current.onError(PAYPAL_LOAD_FAILED);
      }
    });
    return () => {
      live = false;
      close?.();
    };
  }, [choice.currency]);

  return (
    <div className="kd-pay-paypal">
      {loading && (
        <p className="kd-working" role="status">
          <span className="kd-spinner" aria-hidden="true" /> Loading PayPal…
        </p>
      )}
      <div ref={box} />
    </div>
  );
}
