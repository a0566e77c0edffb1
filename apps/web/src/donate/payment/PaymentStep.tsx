// Step 2 of the public donation form (docs/product/donation-form.md#step-2-payment and #messages): the method tabs
// 'PayPal' and 'Card/Direct Debit', each shown only when the campaign has that provider and it takes the chosen
// currency, and the panel of the selected method.
import { PAYMENT_MESSAGES } from '@kindling/contracts/donation-constants.ts';
import { cardTabMethods } from '@kindling/contracts/donation-method-rules.ts';
import { INTERVAL_LABELS } from '@kindling/contracts/interval-rules.ts';
import {
  autoSelectMethod,
  availableMethods,
  CURRENCY_NOT_SUPPORTED,
  defaultMethod,
  PAYMENT_METHOD_LABELS,
  type TPaymentMethod,
} from '@kindling/contracts/payment-method-rules.ts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { PaymentStepProps } from '../donation-choice.ts';
import { moneyIn } from '../form-format.ts';
import { CardPanel } from './CardPanel.tsx';
import { WalletPanel } from './WalletPanel.tsx';
import './payment.css';

function methodsFor({ campaign, choice }: PaymentStepProps) {
  // The card tab needs a method the organisation offers in this currency (docs/product/payments.md#payment-methods).
  const cardMethods = cardTabMethods(campaign.payment_methods, campaign.card_provider, choice.currency);
  const context = {
    hasWallet: campaign.wallet_enabled,
    hasCard: campaign.card_enabled && cardMethods.length > 0,
    currency: choice.currency,
  };
  const methods = availableMethods(context);
  // The wallet comes first only when the campaign has its merchant id and e-mail, whoever stands in
  // for it (the sandbox too); a currency the default cannot take falls back to the auto-select rule.
  const preferred = defaultMethod(campaign);
  const picked = autoSelectMethod(context);
  const first = methods.includes(preferred) ? preferred : typeof picked === 'string' ? picked : null;
  return { methods, first };
}

function MethodTabs({
  methods,
  selected,
  onSelect,
}: {
  methods: TPaymentMethod[];
  selected: TPaymentMethod;
  onSelect: (method: TPaymentMethod) => void;
}) {
  const tabs = useRef<HTMLDivElement>(null);
  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || methods.length < 2) return;
    event.preventDefault();
    const next = methods[(methods.indexOf(selected) + step + methods.length) % methods.length] as TPaymentMethod;
    onSelect(next);
    tabs.current?.querySelector<HTMLElement>(`#kd-pay-tab-${next}`)?.focus();
  };
  return (
    <div
      className="kd-intervals kd-pay-tabs"
      role="tablist"
      aria-label="Payment method"
      ref={tabs}
      onKeyDown={onKeyDown}
    >
      {methods.map((method) => (
        <button
          key={method}
          id={`kd-pay-tab-${method}`}
          type="button"
          role="tab"
          className="kd-interval"
          aria-selected={method === selected}
          aria-controls="kd-pay-panel"
          tabIndex={method === selected ? 0 : -1}
          onClick={() => onSelect(method)}
        >
          {PAYMENT_METHOD_LABELS[method]}
        </button>
      ))}
    </div>
  );
}

export function PaymentStep(props: PaymentStepProps) {
  const { choice, onError } = props;
  const { methods, first } = methodsFor(props);
  const [selected, setSelected] = useState<TPaymentMethod | null>(first);
  const method = selected && methods.includes(selected) ? selected : first;

  // Only when the currency (and so the tabs) changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the currency
  useEffect(() => {
    if (methods.length === 0) onError(CURRENCY_NOT_SUPPORTED);
  }, [choice.currency, methods.length]);

  const summary = `${moneyIn(props.campaign, choice.totalMinor, choice.currency)} · ${INTERVAL_LABELS[choice.interval]}`;
  return (
    <section className="kd-pay" aria-labelledby="kd-pay-title">
      <h2 id="kd-pay-title" className="kd-pay-title">
        Payment <span className="kd-pay-summary">{summary}</span>
      </h2>
      {methods.length === 0 || !method ? (
        <p className="kd-pay-none" role="alert">
          {PAYMENT_MESSAGES.noMethodsForCurrency}
        </p>
      ) : (
        <>
          <MethodTabs methods={methods} selected={method} onSelect={setSelected} />
          <div id="kd-pay-panel" role="tabpanel" aria-labelledby={`kd-pay-tab-${method}`} className="kd-pay-body">
            {method === 'card' ? <CardPanel {...props} /> : <WalletPanel {...props} />}
          </div>
        </>
      )}
    </section>
  );
}
