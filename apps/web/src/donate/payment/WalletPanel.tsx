// The 'PayPal' tab (docs/product/donation-form.md#step-2-payment). Once-off: an order, approved at PayPal (or the
// sandbox's approval page), captured on return. Recurring: a setup token whose approval link the
// browser follows; the return path saves the approved PayPal account and charges the first gift.
import { PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { walletConfigured } from '@kindling/contracts/payment-method-rules.ts';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { PaymentStepProps } from '../donation-choice.ts';
import { HttpError } from '../http.ts';
import { DonorFields } from './DonorFields.tsx';
import { type DonorDetails, type DonorErrors, EMPTY_DONOR, hasErrors, validateDonor } from './donor-details.ts';
import { approveLinkOf, attemptKeys, createOrder, createSetupToken } from './payment-api.ts';
import { returnUrlFor, savePending } from './return-params.ts';

const PayPalButtons = lazy(() => import('./PayPalButtons.tsx').then((m) => ({ default: m.PayPalButtons })));

export const WALLET_MESSAGES = {
  notReady: 'PayPal is not fully set up for this campaign yet. Please choose another payment method.',
  setupFailed: 'PayPal could not be started. Please try again.',
  leaving: 'Taking you to PayPal…',
} as const;

/**
 * Leaves for the approval page in this tab. Inside an organisation's iframe the whole window goes
 * (PayPal refuses to be framed); where the frame may not do that, a new tab opens instead.
 */
export function leaveFor(url: string) {
  const target = new URL(url, window.location.href).href;
  if (window.top === window.self) return window.location.assign(target);
  try {
    if (window.top) window.top.location.href = target;
  } catch {
    window.open(target, '_blank', 'noopener');
  }
}

function PayPalMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 21 9.5 4h6.2c3 0 4.6 1.7 4.1 4.4-.6 3.3-3 4.6-6 4.6H11l-1.2 8z" fill="#003087" />
      <path d="M9.6 18 11.6 7h4c2 0 2.9 1 2.6 2.7-.4 2-1.9 3-3.9 3h-2.2l-.9 5.3z" fill="#009cde" />
    </svg>
  );
}

export function WalletPanel({ campaign, choice, onDone, onError, preview, payer }: PaymentStepProps) {
  // pay25: a payment request's payer is known (/pay/{id}); their details go with the order, as on the card tab.
  const [donor, setDonor] = useState<DonorDetails>(() => ({ ...EMPTY_DONOR, ...payer }));
  const [errors, setErrors] = useState<DonorErrors>({});
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const keyFor = useMemo(attemptKeys, []);
  const recurring = choice.interval !== 'once';
  // Gift Aid needs the donor's name and home address, which PayPal does not hand to the charity; a
  // campaign that collects the billing address asks for it here as on the card tab (optional, and
  // only the address: PayPal supplies the name and e-mail).
  const asksDetails = choice.giftAid || campaign.collect_address;
  const addressOnly = !choice.giftAid;
  const real = campaign.wallet_provider === 'paypal';
  const known = payer ? { ...EMPTY_DONOR, ...payer } : null;

  const change = (name: keyof DonorDetails, value: string) => {
    setDonor((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** The donor's details when asked for and valid; undefined (and messages shown) when not. */
  function checkedDonor(): DonorDetails | null | undefined {
    if (!asksDetails) return known;
    if (addressOnly) return donor;
    const found = validateDonor(donor, { address: true, giftAid: true });
    setErrors(found);
    return hasErrors(found) ? undefined : donor;
  }

  async function start() {
    const details = checkedDonor();
    if (details === undefined || preview || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    onError(null);
    try {
      const pending = { choice, donor: details, campaignId: campaign.campaign_id };
      if (recurring) {
        const back = new URL(returnUrlFor(window.location.href, campaign, choice, null));
        const setup = await createSetupToken(campaign, choice, details, `${back.pathname}${back.search}`, keyFor);
        const link = approveLinkOf(setup?.links ?? []);
        if (!setup?.id || !link) throw new Error(WALLET_MESSAGES.setupFailed);
        savePending(setup.id, pending);
        leaveFor(link);
      } else {
        const order = await createOrder(campaign, choice, details, keyFor);
        if (!order?.order_id || !order.approve_url) throw new Error(PAYMENT_MESSAGES.orderNotCreated);
        savePending(order.order_id, pending);
        leaveFor(order.approve_url);
      }
      // The page is about to unload; the button stays busy so it cannot start a second order.
    } catch (error) {
      onError(
        // The campaign is gone since the page loaded (ended or removed): no campaign data on payment.
        error instanceof HttpError && error.status === 404
          ? PAYMENT_MESSAGES.campaignInfoMissing
          : error instanceof Error && error.message
            ? error.message
            : PAYMENT_MESSAGES.orderNotCreated,
      );
      busyRef.current = false;
      setBusy(false);
    }
  }

  const details = asksDetails && (
    <DonorFields
      value={donor}
      errors={errors}
      onChange={change}
      address
      giftAid={choice.giftAid}
      addressOnly={addressOnly}
      idPrefix="kd-wallet"
    />
  );

  if (real && !recurring) {
    if (!walletConfigured(campaign)) return <p className="kd-hint">{WALLET_MESSAGES.notReady}</p>;
    if (preview) return <p className="kd-hint">The PayPal button appears here.</p>;
    return (
      <div className="kd-pay-panel">
        {details}
        <Suspense fallback={<p className="kd-working">Loading PayPal…</p>}>
          <PayPalButtons
            campaign={campaign}
            choice={choice}
            donor={asksDetails ? donor : known}
            onDone={onDone}
            onError={onError}
            detailsValid={() => checkedDonor() !== undefined}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="kd-pay-panel">
      {details}
      <p className="kd-hint">
        {recurring
          ? 'You will approve PayPal for this recurring gift, then return here.'
          : 'You will approve the payment at PayPal, then return here.'}
        {!real && ' (Sandbox test mode: no real PayPal account is charged.)'}
      </p>
      <button
        type="button"
        className="kd-pay-paypal-button"
        onClick={start}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <PayPalMark />
        {busy ? WALLET_MESSAGES.leaving : recurring ? 'Continue with PayPal' : 'Pay with PayPal'}
      </button>
    </div>
  );
}
