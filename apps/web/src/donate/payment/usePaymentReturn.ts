// The return path (docs/product/donation-form.md#provider-return): on load, finish a payment the donor approved
// elsewhere (the wallet's approval page, the card provider's redirect, the wallet's vault
// approval), then drop the query so that a reload does not repeat it.
import type { TPublicCampaign } from '@kindling/contracts';
import { useEffect, useState } from 'react';
import type { DonationChoice, DonationOutcome } from '../donation-choice.ts';
import { HttpError } from '../http.ts';
import type { DonorDetails } from './donor-details.ts';
import {
  type ConfirmAnswer,
  capturePaypal,
  choiceFields,
  createPaymentToken,
  donorFields,
  postConfirm,
  savePaypalPaymentMethod,
} from './payment-api.ts';
import {
  choiceFromQuery,
  type PaymentReturn,
  readPaymentReturn,
  takePending,
  withoutReturnParams,
} from './return-params.ts';

export type TPaymentReturn =
  | { state: 'none' }
  | { state: 'working' }
  | { state: 'done'; outcome: DonationOutcome }
  | { state: 'error'; message: string };

export const RETURN_MESSAGES = {
  cancelled: 'The PayPal payment was cancelled. Nothing was charged.',
  notCompleted: 'The payment was not completed. Please try again.',
  failed: 'The payment did not go through. Please try again.',
} as const;

type Remembered = { choice: DonationChoice | null; donor: DonorDetails | null };

/** What this browser kept for the payment, else what the return query carries. */
function remembered(reference: string, campaign: TPublicCampaign, search: string): Remembered {
  const pending = takePending(reference, campaign.campaign_id);
  if (pending) return { choice: pending.choice, donor: pending.donor };
  const fromQuery = choiceFromQuery(search);
  return { choice: fromQuery?.choice ?? null, donor: fromQuery?.donor ?? null };
}

function outcomeOf(answer: ConfirmAnswer, campaign: TPublicCampaign, choice: DonationChoice | null): TPaymentReturn {
  if (answer.status === 'failed') return { state: 'error', message: answer.message ?? RETURN_MESSAGES.failed };
  const d = answer.donation;
  return {
    state: 'done',
    outcome: {
      status: answer.status,
      donation: d,
      interval: d?.interval ?? choice?.interval ?? 'once',
      totalMinor: d?.amount_minor ?? choice?.totalMinor ?? 0,
      currency: d?.currency ?? choice?.currency ?? campaign.currency,
    },
  };
}

const refsOf = (campaign: TPublicCampaign) => ({
  campaign_id: campaign.campaign_id,
  peer_campaign_id: campaign.peer_campaign_id,
});

async function finish(ret: PaymentReturn, campaign: TPublicCampaign, search: string): Promise<TPaymentReturn> {
  switch (ret.kind) {
    case 'none':
      return { state: 'none' };
    case 'order-cancelled':
      takePending(ret.orderId, campaign.campaign_id);
      return { state: 'error', message: RETURN_MESSAGES.cancelled };
    case 'order': {
      const { choice, donor } = remembered(ret.orderId, campaign, search);
      const fields = choice ? { ...choiceFields(choice), interval: choice.interval } : {};
      const address = donor ? donorFields(donor) : {};
      return outcomeOf(await capturePaypal(refsOf(campaign), ret.orderId, fields, address), campaign, choice);
    }
    case 'vault': {
      const { choice, donor } = remembered(ret.approvalTokenId, campaign, search);
      const token = await createPaymentToken(ret.approvalTokenId);
      const email = token.payment_source.paypal.email_address || donor?.email.trim() || '';
      return outcomeOf(await savePaypalPaymentMethod(token.id, email), campaign, choice);
    }
    case 'intent': {
      if (!ret.succeeded && ret.status !== 'processing')
        return { state: 'error', message: RETURN_MESSAGES.notCompleted };
      const { choice, donor } = remembered(ret.paymentIntent, campaign, search);
      const answer = await postConfirm({
        ...refsOf(campaign),
        ...(choice
          ? { amount: choice.totalMinor, currency: choice.currency.toLowerCase(), interval: choice.interval }
          : {}),
        ...(choice ? choiceFields(choice) : {}),
        ...(donor ? donorFields(donor) : {}),
        payment_method: 'card',
        payment_intent: ret.paymentIntent,
        client_secret: ret.clientSecret,
        redirect_status: ret.status,
      });
      return outcomeOf(answer, campaign, choice);
    }
  }
}

// A return is handled once per page load, even if the hook mounts twice (StrictMode, remounts).
const handled = new Map<string, Promise<TPaymentReturn>>();

function handleOnce(campaign: TPublicCampaign): Promise<TPaymentReturn> {
  const search = window.location.search;
  const key = `${campaign.campaign_id}${search}`;
  let running = handled.get(key);
  if (!running) {
    running = finish(readPaymentReturn(search), campaign, search)
      .catch(
        (error: unknown): TPaymentReturn => ({
          state: 'error',
          message: error instanceof HttpError ? error.message : RETURN_MESSAGES.failed,
        }),
      )
      .finally(() => window.history.replaceState(window.history.state, '', withoutReturnParams(window.location.href)));
    handled.set(key, running);
  }
  return running;
}

export function usePaymentReturn(campaign: TPublicCampaign | null): TPaymentReturn {
  const [result, setResult] = useState<TPaymentReturn>(() =>
    campaign && readPaymentReturn(window.location.search).kind !== 'none' ? { state: 'working' } : { state: 'none' },
  );
  const campaignId = campaign?.campaign_id ?? null;
  // The campaign object may be re-created; one return per campaign is enough.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the campaign id
  useEffect(() => {
    if (!campaign || readPaymentReturn(window.location.search).kind === 'none') return;
    let live = true;
    setResult({ state: 'working' });
    handleOnce(campaign).then((next) => {
      if (live) setResult(next);
    });
    return () => {
      live = false;
    };
  }, [campaignId]);
  return result;
}

/** Tests only: forget handled returns between cases. */
export const resetHandledReturns = () => handled.clear();
