// The public donation form (docs/product/donation-form.md#progress): progress circles, step 1 (amount and options),
// step 2 (payment, owned by ./payment) and the thank-you view. Written against the React API; the
// public entry renders it with preact/compat, the staff editor's live preview with React 19.
import type { TPublicCampaign } from '@kindling/contracts';
import { campaignSettingsToCssVars } from '@kindling/contracts/campaign-settings-css.ts';
import { tributesEnabled } from '@kindling/contracts/conversion-rules.ts';
import { DONATION_FORM_TEXT, PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { INTERVAL_LABELS } from '@kindling/contracts/interval-rules.ts';
import { type CSSProperties, lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { AmountPicker } from './AmountPicker.tsx';
import { sendFunnelEvent } from './conversion/beacon.ts';
import { RemindMeLater } from './conversion/RemindMeLater.tsx';
import { TributeOption } from './conversion/TributeOption.tsx';
import { type TributeDraft, type TributeErrors, validateTribute } from './conversion/tribute.ts';
import { toMonthly, upsellOffer } from './conversion/upsell.ts';
import { useAfterFirstPaint, whenIdle } from './deferred.ts';
import type { DonationChoice, DonationOutcome } from './donation-choice.ts';
import { moneyIn } from './form-format.ts';
import { usePaymentReturn } from './payment/usePaymentReturn.ts';
import { QuestionWizard } from './QuestionWizard.tsx';
import { Designations, DonorOptions, FeeCover, GiftAid } from './StepOneOptions.tsx';
import { choiceOf, feeOf, giftOf, initialStepOne, stepOneReducer } from './step-one-state.ts';
import { ThankYou } from './ThankYou.tsx';
import { Toasts } from './toast/toasts.tsx';
import './donation-form.css';

/**
 * `progressive`: the public page paints the amount first and renders the rest of step 1 in the
 * next task, so no one task of the first load blocks a tap for long
 * (docs/product/donation-form.md#performance). The editor's preview and tests render it whole.
 */
export type DonationFormProps = { campaign: TPublicCampaign; preview?: boolean; progressive?: boolean };

const STEPS = ['Amount', 'Payment'] as const;

// conv15: the monthly upsell's own chunk, loaded when a donor is offered it.
const UpsellPrompt = lazy(() => import('./conversion/UpsellPrompt.tsx'));

// The payment step is its own chunk, so the page's first load stays within its budget
// (docs/product/donation-form.md#performance); it is fetched in the first idle period after the page
// has rendered, before a donor can have chosen an amount, so Continue does not wait for it.
const loadPaymentStep = () => import('./payment/PaymentStep.tsx').then((m) => ({ default: m.PaymentStep }));
const PaymentStep = lazy(loadPaymentStep);
// mem19: a membership campaign's tiers and members step, its own chunk (only /subscriptions pages load it).
const MembershipStepOne = lazy(() => import('./membership/MembershipStepOne.tsx'));

function ProgressSteps({ step, done, onBack }: { step: number; done: boolean; onBack: (step: number) => void }) {
  return (
    <ol className="kd-steps" aria-label="Donation steps">
      {STEPS.map((label, i) => {
        const complete = done || i < step;
        const current = !done && i === step;
        const circle = (
          <>
            <span className="kd-step-circle" aria-hidden="true">
              {complete ? (
                <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24">
                  <path
                    d="M5 12.5 10 17.5 19 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="3"
                    strokeLinecap="round"
                  />
                </svg>
              ) : (
                i + 1
              )}
            </span>
            <span className="kd-step-label">
              {label}
              {complete && <span className="kd-sr"> (completed)</span>}
            </span>
          </>
        );
        return (
          <li key={label} className={`kd-step${complete ? ' kd-step-done' : ''}${current ? ' kd-step-current' : ''}`}>
            {complete && !done ? (
              <button
                type="button"
                className="kd-step-button"
                onClick={() => onBack(i)}
                aria-label={`Back to step ${i + 1}: ${label}`}
              >
                {circle}
              </button>
            ) : (
              <span className="kd-step-button" aria-current={current ? 'step' : undefined}>
                {circle}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function StepOne({
  campaign,
  onContinue,
  rest,
}: {
  campaign: TPublicCampaign;
  onContinue: (choice: DonationChoice) => void;
  /** False while a progressive first render shows only the amounts. */
  rest: boolean;
}) {
  const [state, dispatch] = useReducer(stepOneReducer, campaign, initialStepOne);
  const gift = giftOf(campaign, state);
  const choice = choiceOf(campaign, state);
  const heading = campaign.call_to_action.trim();
  const props = { campaign, state, dispatch };
  // conv15: tribute gifts (docs/decisions/037-conversion-features.md).
  const [tribute, setTribute] = useState<TributeDraft | null>(null);
  const [tributeErrors, setTributeErrors] = useState<TributeErrors>({});
  const proceed = (next: DonationChoice) => {
    const errors = tribute ? validateTribute(tribute) : {};
    setTributeErrors(errors);
    if (Object.keys(errors).length === 0) onContinue({ ...next, tribute });
  };
  return (
    <div className="kd-step-one">
      {heading && <h2 className="kd-cta">{campaign.call_to_action}</h2>}
      <AmountPicker {...props} amountError={gift.error} />
      {rest && (
        <>
          <FeeCover {...props} giftMinor={gift.minor} />
          <GiftAid {...props} giftMinor={gift.minor} />
          <Designations {...props} giftMinor={gift.minor} />
          {tributesEnabled(campaign.campaign_settings) && (
            <TributeOption
              value={tribute}
              errors={tributeErrors}
              onChange={(next) => {
                setTribute(next);
                setTributeErrors({});
              }}
            />
          )}
          {campaign.questions.length > 0 && (
            <>
              <DonorOptions {...props} />
              <QuestionWizard questions={campaign.questions} state={state} dispatch={dispatch} />
            </>
          )}
          {gift.minor !== null && (
            <p className="kd-summary" aria-live="polite">
              <span>Total</span>
              <strong>
                {moneyIn(campaign, gift.minor + feeOf(campaign, state, gift.minor), state.currency)}
                {state.interval !== 'once' && (
                  <span className="kd-summary-interval"> {INTERVAL_LABELS[state.interval]}</span>
                )}
              </strong>
            </p>
          )}
          {choice ? (
            <button type="button" className="kd-button kd-primary" onClick={() => proceed(choice)}>
              {DONATION_FORM_TEXT.continueToPayment}
            </button>
          ) : (
            <p className="kd-hint kd-next-hint">
              {gift.minor
                ? 'Answer the required questions above to continue.'
                : 'Choose or enter an amount to continue.'}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** Leaves the page for the campaign's own thank-you URL, when it is a web address. */
/** Where a campaign's thank-you URL sends the donor: web addresses only; otherwise null (our own view). */
export function thankYouTarget(url: string, base: string): string | null {
  if (!url.trim()) return null;
  try {
    const target = new URL(url.trim(), base);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

export function DonationForm({ campaign, preview = false, progressive = false }: DonationFormProps) {
  // Everything under the amounts waits for the next task, the footer too, so nothing on screen moves.
  const rest = useAfterFirstPaint(progressive && !preview);
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<DonationChoice | null>(null);
  const [outcome, setOutcome] = useState<DonationOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Remounting step 1 after a completed donation gives a fresh form.
  const [round, setRound] = useState(0);
  const returned = usePaymentReturn(preview ? null : campaign);
  const root = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      whenIdle(() => {
        void loadPaymentStep();
      }),
    [],
  );
  // conv15: the monthly upsell on offer (after step 1, before payment), and the funnel's beacons.
  const [upsell, setUpsell] = useState<{ choice: DonationChoice; monthlyMinor: number } | null>(null);
  const count = (event: Parameters<typeof sendFunnelEvent>[1]) => {
    if (!preview) sendFunnelEvent(campaign.campaign_id, event);
    // p2p16: a fundraiser page's own views, for its dashboard (decision 044).
    if (!preview && event === 'view' && campaign.peer_campaign_id) sendFunnelEvent(campaign.peer_campaign_id, event);
  };
  // Not cancelled on a step change: a donor quicker than the idle period still counts as a view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, and on reaching payment
  useEffect(() => {
    whenIdle(() => count(step === 0 ? 'view' : 'payment'));
  }, [step]);
  const toPayment = (next: DonationChoice) => {
    setUpsell(null);
    setChoice(next);
    setStep(1);
  };

  // finish only reads props that are stable for one campaign: run once per return state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the return state
  useEffect(() => {
    if (returned.state === 'done') finish(returned.outcome);
    if (returned.state === 'error') setError(returned.message);
  }, [returned.state]);

  function finish(result: DonationOutcome) {
    setError(null);
    setOutcome(result);
    const target = preview ? null : thankYouTarget(campaign.thank_you_url, window.location.href);
    if (target) window.location.assign(target);
  }
  const restart = () => {
    setOutcome(null);
    setUpsell(null);
    setChoice(null);
    setStep(0);
    setRound((r) => r + 1);
    if (!preview && window.location.search) window.history.replaceState(null, '', window.location.pathname);
  };
  const showError = (message: string | null) => {
    setError(message);
    if (message) root.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const settings = campaign.campaign_settings;
  const style = campaignSettingsToCssVars(settings) as CSSProperties;
  const layout = settings.button_layout ?? 'standard';
  const classes = ['kindling-donation-form', `kd-layout-${layout}`];
  if (settings.campaign_rounded_corners === false) classes.push('kd-square');
  if (!settings.form_padding) classes.push('kd-default-padding');

  return (
    <div className={classes.join(' ')} style={style} ref={root}>
      {campaign.custom_css && <style>{campaign.custom_css}</style>}
      {/* fix15: the form's toasts, top-right (the staff editor's preview has the staff app's own). */}
      {!preview && <Toasts />}
      <ProgressSteps step={step} done={outcome !== null} onBack={(i) => setStep(i)} />
      {error && (
        <div className="kd-banner" role="alert">
          <span>{error}</span>
          <button type="button" className="kd-banner-close" aria-label="Dismiss" onClick={() => setError(null)}>
            ×
          </button>
        </div>
      )}
      {returned.state === 'working' && !outcome ? (
        <p className="kd-working" role="status">
          <span className="kd-spinner" aria-hidden="true" /> Confirming your donation…
        </p>
      ) : outcome ? (
        <ThankYou campaign={campaign} outcome={outcome} onRestart={restart} />
      ) : (
        <>
          <div hidden={step !== 0 || upsell !== null}>
            {campaign.campaign_type === 'membership' ? (
              <Suspense fallback={<p className="kd-working">Loading…</p>}>
                <MembershipStepOne key={round} campaign={campaign} onContinue={toPayment} />
              </Suspense>
            ) : (
              <StepOne
                key={round}
                campaign={campaign}
                rest={rest}
                onContinue={(next) => {
                  if (!next.totalMinor || !next.currency) return showError(PAYMENT_MESSAGES.selectAmountAndCurrency);
                  setError(null);
                  count('step1');
                  const monthlyMinor = upsellOffer(campaign, next);
                  if (monthlyMinor === null) return toPayment(next);
                  count('upsell_offered');
                  setUpsell({ choice: next, monthlyMinor });
                }}
              />
            )}
          </div>
          {step === 0 && upsell && (
            <Suspense fallback={<p className="kd-working">Loading…</p>}>
              <UpsellPrompt
                oneOffMinor={upsell.choice.totalMinor}
                monthlyMinor={upsell.monthlyMinor}
                currency={upsell.choice.currency}
                organisation={campaign.npo}
                locale={campaign.locale}
                onAccept={() => {
                  count('upsell_accepted');
                  toPayment(toMonthly(upsell.choice, upsell.monthlyMinor));
                }}
                onDecline={() => toPayment(upsell.choice)}
              />
            </Suspense>
          )}
          {rest && step === 0 && !upsell && !preview && <RemindMeLater campaignId={campaign.campaign_id} />}
          {/* Stays mounted while the donor goes back to step 1: their details, chosen method and
              payment intent are still there when they return (docs/product/donation-form.md#progress). */}
          {choice && (
            <div hidden={step !== 1}>
              <Suspense fallback={<p className="kd-working">Loading…</p>}>
                <PaymentStep
                  campaign={campaign}
                  choice={choice}
                  onDone={finish}
                  onError={showError}
                  preview={preview}
                />
              </Suspense>
            </div>
          )}
        </>
      )}
      {rest && (
        <p className="kd-powered">
          <a href="/" target="_blank" rel="noopener">
            Powered by Kindling
          </a>
        </p>
      )}
    </div>
  );
}
