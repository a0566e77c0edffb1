// The public payment page (/pay/{id}, docs/decisions/050-payment-requests.md): what the organisation asks
// and why, the amount, then the donation form's own payment step (PaymentStep, card through checkout).
// A paid, cancelled or expired request says so and offers no payment.
import type { TPublicCampaign } from '@kindling/contracts';
import { addFeeCover } from '@kindling/contracts/fee-cover.ts';
import { toMinorUnits } from '@kindling/contracts/money-rules.ts';
import {
  PAYMENT_REQUEST_MESSAGES as M,
  type TPaymentRequestStatus,
} from '@kindling/contracts/payment-request-rules.ts';
import { type FormEvent, useEffect, useState } from 'react';
import type { DonationChoice, DonationOutcome } from '../donate/donation-choice.ts';
import { getJson } from '../donate/http.ts';
import { PaymentStep } from '../donate/payment/PaymentStep.tsx';
import { usePaymentReturn } from '../donate/payment/usePaymentReturn.ts';
import { type PayRequest, payFormat } from './pay-format.ts';
import '../donate/page.css';
import '../donate/donation-form.css';
import './pay-page.css';

type Loaded = { request: PayRequest; campaign: TPublicCampaign };
type Load = { state: 'loading' } | { state: 'missing' } | ({ state: 'ready' } & Loaded);

const CLOSED: Partial<Record<TPaymentRequestStatus, string>> = {
  paid: M.paid,
  cancelled: M.cancelled,
  expired: M.expired,
};

/** The request and its campaign the server placed in the page, else null (then they are fetched). */
function inlineData(): Loaded | null {
  const node = document.getElementById('kindling-pay');
  try {
    return node?.textContent ? (JSON.parse(node.textContent) as Loaded) : null;
  } catch {
    return null;
  }
}

async function fetchData(publicId: string): Promise<Loaded> {
  const request = await getJson<PayRequest>(`/payment_requests/${encodeURIComponent(publicId)}`);
  const { campaign } = await getJson<{ campaign: TPublicCampaign }>(`/npo_admin/campaigns/${request.campaign_id}`);
  return { request, campaign };
}

function choiceFor(request: PayRequest, giftMinor: number, coverFee: boolean): DonationChoice {
  const fee = coverFee ? addFeeCover(giftMinor, request.currency).feeMinor : 0;
  // pay25c: the first of several instalments is a monthly gift, so the card is saved for the plan's later charges.
  const firstInstalment = request.instalments > 1 && request.paid_minor === 0;
  return {
    interval: firstInstalment ? 'monthly' : 'once',
    currency: request.currency,
    giftMinor,
    includedFeesMinor: fee,
    totalMinor: giftMinor + fee,
    designation: request.designation_id,
    comment: '',
    answers: {},
    giftAid: false,
    donorWall: {
      add_to_donor_wall: false,
      first_name_only_to_donor_wall: false,
      show_amount_on_donor_wall: false,
      show_comment_on_donor_wall: false,
    },
    createDonorAccount: false,
    paymentRequest: request.public_id,
  };
}

function AmountForm({ request, onNext }: { request: PayRequest; onNext: (choice: DonationChoice) => void }) {
  const format = payFormat(request);
  const minimum = request.amount_kind === 'minimum';
  const [typed, setTyped] = useState(minimum ? format.plain(request.payable_minor) : '');
  const [coverFee, setCoverFee] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let gift = request.payable_minor;
    if (minimum) {
      const parsed = toMinorUnits(typed, request.currency);
      if (!parsed.ok) return setError(parsed.error);
      if (parsed.minor < request.amount_minor)
        return setError(M.belowMinimum(request.amount_minor, request.currency, request.locale));
      gift = parsed.minor;
    }
    setError(null);
    onNext(choiceFor(request, gift, coverFee));
  };
  return (
    <form className="kindling-donation-form kp-amount" onSubmit={submit} noValidate aria-labelledby="kp-amount-title">
      <h2 id="kp-amount-title" className="kd-section-title">
        Amount
      </h2>
      {minimum ? (
        <div className="kd-field">
          <label className="kd-label" htmlFor="kp-amount">
            Amount ({request.currency}), at least {format.money(request.amount_minor)}
          </label>
          <input
            id="kp-amount"
            className="kd-input"
            inputMode="decimal"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'kp-amount-error' : undefined}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
      ) : (
        <p className="kp-due">
          Amount to pay: <strong>{format.money(request.payable_minor)}</strong>
        </p>
      )}
      {error && (
        <p id="kp-amount-error" className="kd-field-error" role="alert">
          {error}
        </p>
      )}
      {request.allow_fee_cover && (
        <label className="kp-check">
          <input type="checkbox" checked={coverFee} onChange={(e) => setCoverFee(e.currentTarget.checked)} /> Add 3.2%
          to cover the processing fees
        </label>
      )}
      <button type="submit" className="kd-button kd-primary kd-cta">
        Continue to payment
      </button>
    </form>
  );
}

/** pay25c: the instalments, their due days and which are paid; later ones are charged to the saved card. */
function Schedule({ request }: { request: PayRequest }) {
  const format = payFormat(request);
  return (
    <section className="kp-schedule" aria-labelledby="kp-schedule-title">
      <h2 id="kp-schedule-title" className="kd-section-title">
        {request.instalments} monthly instalments
      </h2>
      <ol>
        {request.schedule.map((i) => (
          <li key={i.number}>
            {format.money(i.amount_minor)}
            {i.due_on ? ` due ${format.day(i.due_on)}` : ''} · {i.paid ? 'Paid' : 'To pay'}
          </li>
        ))}
      </ol>
      {request.paid_minor === 0 && (
        <p className="kd-hint">You pay the first now; the others are charged to the same card each month.</p>
      )}
    </section>
  );
}

function Thanks({ request, outcome }: { request: PayRequest; outcome: DonationOutcome }) {
  const format = payFormat(request);
  const email = outcome.donation?.donor?.email ?? request.payer.email;
  return (
    <section className="kindling-donation-form kp-thanks" aria-labelledby="kp-thanks" tabIndex={-1}>
      <h2 id="kp-thanks">Thank you! Your payment is received.</h2>
      <p>
        {format.money(outcome.totalMinor)} paid to {request.organisation} for {request.purpose}.
        {outcome.status === 'processing'
          ? ' Your payment is being processed; we will e-mail your receipt once it completes.'
          : ` Your receipt is on its way to ${email}.`}
      </p>
    </section>
  );
}

export function PayPage({ pathname }: { pathname: string }) {
  const publicId = decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');
  const [load, setLoad] = useState<Load>(() => {
    const inline = inlineData();
    return inline ? { state: 'ready', ...inline } : { state: 'loading' };
  });
  const [choice, setChoice] = useState<DonationChoice | null>(null);
  const [outcome, setOutcome] = useState<DonationOutcome | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  // Back from PayPal's approval (the order names this request): capture it, as the donation form does.
  const returned = usePaymentReturn(load.state === 'ready' ? load.campaign : null);
  const shown = outcome ?? (returned.state === 'done' ? returned.outcome : null);
  const notice = banner ?? (returned.state === 'error' ? returned.message : null);

  useEffect(() => {
    if (load.state !== 'loading') return;
    fetchData(publicId)
      .then((data) => setLoad({ state: 'ready', ...data }))
      .catch(() => setLoad({ state: 'missing' }));
  }, [load.state, publicId]);
  useEffect(() => {
    if (shown) document.querySelector<HTMLElement>('.kp-thanks')?.focus();
  }, [shown]);

  if (load.state === 'loading') return <main className="kd-page kp-page" aria-busy="true" />;
  if (load.state === 'missing')
    return (
      <main className="kd-page kp-page">
        <h1 className="kp-title">We could not find that payment request.</h1>
        <p>Please check the link in your e-mail, or contact the organisation that sent it.</p>
      </main>
    );
  const { request } = load;
  // The first of several instalments saves a card for the plan: card only then (decision 062).
  const startsPlan = load.request.instalments > 1 && load.request.paid_minor === 0;
  const campaign = startsPlan ? { ...load.campaign, wallet_enabled: false } : load.campaign;
  const format = payFormat(request);
  const closed = CLOSED[request.status];
  return (
    <main className="kd-page kp-page">
      <header className="kp-header">
        {request.logo_url && <img className="kp-logo" src={request.logo_url} alt="" />}
        <p className="kp-org">{request.organisation}</p>
        <h1 className="kp-title">{request.purpose}</h1>
        {request.description && <p className="kp-description">{request.description}</p>}
        <dl className="kp-figures">
          <dt>{request.amount_kind === 'minimum' ? 'Minimum' : 'Amount'}</dt>
          <dd>{format.money(request.amount_minor)}</dd>
          {request.paid_minor > 0 && (
            <>
              <dt>Paid so far</dt>
              <dd>{format.money(request.paid_minor)}</dd>
              {request.amount_kind === 'fixed' && (
                <>
                  <dt>Left to pay</dt>
                  <dd>{format.money(request.payable_minor)}</dd>
                </>
              )}
            </>
          )}
          {request.due_on && (
            <>
              <dt>Due</dt>
              <dd>{format.day(request.due_on)}</dd>
            </>
          )}
        </dl>
        {request.instalments > 1 && <Schedule request={request} />}
      </header>
      {notice && (
        <p className="kd-field-error kp-banner" role="alert">
          {notice}
        </p>
      )}
      {shown ? (
        <Thanks request={request} outcome={shown} />
      ) : returned.state === 'working' ? (
        <p className="kd-working" role="status">
          Completing your payment…
        </p>
      ) : closed ? (
        <p className="kp-closed" role="status">
          {closed}
        </p>
      ) : choice ? (
        <div className="kindling-donation-form">
          <PaymentStep
            campaign={campaign}
            choice={choice}
            onDone={setOutcome}
            onError={setBanner}
            payer={{
              firstName: request.payer.first_name,
              lastName: request.payer.last_name,
              email: request.payer.email,
            }}
          />
          <button type="button" className="kd-button kd-secondary kp-back" onClick={() => setChoice(null)}>
            Back
          </button>
        </div>
      ) : (
        <AmountForm request={request} onNext={setChoice} />
      )}
    </main>
  );
}
