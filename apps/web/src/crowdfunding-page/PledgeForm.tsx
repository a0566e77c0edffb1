// The 'Back this project' modal of an all-or-nothing campaign, loaded when it opens: the backer's card is
// saved, not charged, and charged only if the goal is met by the deadline
// (docs/decisions/065-all-or-nothing-settlement.md). The card is confirmed by the sandbox card form or Stripe's
// Payment Element (PledgeCard); a chosen reward is held with the pledge (decision 071), with where to send it
// when it ships. PayPal is not offered for a pledge (docs/decisions/080-crowdfunding-shipping-and-paypal-pledges.md).
import type { TCrowdfundingPage } from '@kindling/contracts/crowdfunding.ts';
import type { TPledgeStarted, TPledgeSummary } from '@kindling/contracts/crowdfunding-pledges.ts';
import { onlyChargedIfMet } from '@kindling/contracts/crowdfunding-rules.ts';
import { type FormEvent, useState } from 'react';
import { postJson } from '../donate/http.ts';
import '../donate/donation-form.css';
import type { CfFormat } from './cf-format.ts';
import { PledgeCard } from './PledgeCard.tsx';
import type { Pledge } from './Rewards.tsx';
import { checkShipping, emptyShipping, type ShippingErrors, ShippingFields } from './ShippingFields.tsx';
import './cf-form.css';

/** Said beside the card form, so a PayPal user is not left looking for the button. */
export const CARD_ONLY = 'Pledges are saved by card. PayPal is not offered for all-or-nothing pledges.';

type Props = { page: TCrowdfundingPage; format: CfFormat; pledge: Pledge; onPledged: () => void };
type Backer = { first_name: string; last_name: string; email: string; amount: string };

const fieldError = (backer: Backer, minimum: number): Partial<Record<keyof Backer, string>> => {
  const errors: Partial<Record<keyof Backer, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(backer.email.trim())) errors.email = 'Please enter a valid e-mail address.';
  const minor = Math.round(Number(backer.amount) * 100);
  if (!Number.isFinite(minor) || minor < Math.max(minimum, 1)) errors.amount = 'Enter the amount you want to pledge.';
  return errors;
};

function Field(props: {
  name: keyof Backer;
  label: string;
  value: string;
  error?: string;
  type?: string;
  onChange: (v: string) => void;
}) {
  const id = `cf-pledge-${props.name}`;
  return (
    <div className="kd-field">
      <label className="kd-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="kd-input"
        type={props.type ?? 'text'}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      {props.error && (
        <p id={`${id}-error`} className="kd-field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

export default function PledgeForm({ page, format, pledge, onPledged }: Props) {
  const minimum = pledge.amount_minor ?? 0;
  const [backer, setBacker] = useState<Backer>({
    first_name: '',
    last_name: '',
    email: '',
    amount: minimum > 0 ? String(minimum / 100) : '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Backer, string>>>({});
  const ships = pledge.reward?.shipping_required === true;
  const [shipping, setShipping] = useState(emptyShipping);
  const [shippingErrors, setShippingErrors] = useState<ShippingErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [setup, setSetup] = useState<TPledgeStarted | null>(null);
  const [done, setDone] = useState<TPledgeSummary | null>(null);
  const promise = page.deadline ? onlyChargedIfMet(format.date(page.deadline)) : null;
  const amountMinor = Math.round(Number(backer.amount) * 100);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(backer, minimum);
    setErrors(found);
    const address = ships ? checkShipping(shipping) : null;
    setShippingErrors(address && 'errors' in address ? address.errors : {});
    if (Object.keys(found).length > 0 || (address && 'errors' in address)) return;
    setFailure(null);
    try {
      const started = await postJson<TPledgeStarted>(`/crowdfunding_page/${page.id}/pledges`, {
        amount_minor: amountMinor,
        email: backer.email.trim(),
        first_name: backer.first_name.trim(),
        last_name: backer.last_name.trim(),
        ...(pledge.reward ? { reward_id: pledge.reward.id } : {}),
        ...(address && 'address' in address ? { shipping_address: address.address } : {}),
      });
      setSetup(started);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };
  const finish = async (): Promise<string | null> => {
    if (!setup) return null;
    try {
      setDone(await postJson<TPledgeSummary>(`/crowdfunding_pledges/${setup.reference}/confirm`, {}));
      onPledged();
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : 'Your card was not saved. Please enter it again.';
    }
  };

  if (done)
    return (
      <div className="cf-claimed" role="status">
        <p>
          <strong>Thank you!</strong> Your pledge of {format.money(done.amount_minor, done.currency)} is saved.
        </p>
        {done.reward_title && (
          <p>
            <strong>{done.reward_title}</strong> is yours if the goal is met.
          </p>
        )}
        {promise && <p>{promise}</p>}
      </div>
    );
  return (
    <div className="cf-pledge">
      {pledge.reward && (
        <p>
          <strong>{pledge.reward.title}</strong>
        </p>
      )}
      {promise && <p className="cf-pledge-promise">{promise}</p>}
      <p className="cf-muted">{CARD_ONLY}</p>
      {setup ? (
        <PledgeCard
          setup={setup}
          amountLabel={format.money(amountMinor)}
          finish={finish}
          submitLabel={`Pledge ${format.money(amountMinor)}`}
        />
      ) : (
        <form className="cf-form" onSubmit={start} noValidate aria-label="Your pledge">
          <Field
            name="amount"
            label={`Pledge amount (${page.currency})`}
            type="number"
            value={backer.amount}
            error={errors.amount}
            onChange={(amount) => setBacker((b) => ({ ...b, amount }))}
          />
          <Field
            name="first_name"
            label="First name"
            value={backer.first_name}
            onChange={(first_name) => setBacker((b) => ({ ...b, first_name }))}
          />
          <Field
            name="last_name"
            label="Last name"
            value={backer.last_name}
            onChange={(last_name) => setBacker((b) => ({ ...b, last_name }))}
          />
          <Field
            name="email"
            label="E-mail"
            type="email"
            value={backer.email}
            error={errors.email}
            onChange={(email) => setBacker((b) => ({ ...b, email }))}
          />
          {ships && pledge.reward && (
            <ShippingFields
              value={shipping}
              errors={shippingErrors}
              onChange={setShipping}
              rewardTitle={pledge.reward.title}
            />
          )}
          {failure && <p role="alert">{failure}</p>}
          <button type="submit" className="kd-button kd-primary">
            Continue to card
          </button>
        </form>
      )}
    </div>
  );
}
