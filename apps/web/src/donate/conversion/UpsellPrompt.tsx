// The monthly upsell (docs/decisions/037-conversion-features.md): shown after a one-off amount, before
// payment. Its own chunk: loaded only when a donor is offered it.
import { useEffect, useRef } from 'react';
import { moneyIn } from '../form-format.ts';

export type UpsellPromptProps = {
  oneOffMinor: number;
  monthlyMinor: number;
  currency: string;
  organisation: string;
  /** The organisation's locale (form-format.ts). */
  locale?: string;
  onAccept: () => void;
  onDecline: () => void;
};

export default function UpsellPrompt(props: UpsellPromptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const monthly = moneyIn(props, props.monthlyMinor, props.currency);
  const once = moneyIn(props, props.oneOffMinor, props.currency);
  return (
    <section className="kd-upsell" aria-labelledby="kd-upsell-title">
      <h2 id="kd-upsell-title" className="kd-cta" tabIndex={-1} ref={heading}>
        Could you give monthly instead?
      </h2>
      <p className="kd-hint">
        A gift of {monthly} every month helps {props.organisation} plan ahead. You can stop it at any time.
      </p>
      <button type="button" className="kd-button kd-primary" onClick={props.onAccept}>
        Yes, give {monthly} monthly
      </button>
      <button type="button" className="kd-button kd-secondary" onClick={props.onDecline}>
        No, give {once} once
      </button>
    </section>
  );
}
