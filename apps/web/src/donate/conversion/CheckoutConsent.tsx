// The consent box beside the donor's e-mail (card details step): only when it is ticked does the
// form tell the organisation about a checkout the donor may leave (docs/decisions/037-conversion-features.md).
import { postJson } from '../http.ts';

type Props = { organisation: string; checked: boolean; onChange: (on: boolean) => void };

export function CheckoutConsent({ organisation, checked, onChange }: Props) {
  return (
    <label className="kd-check kd-consent">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span>If I don’t finish, {organisation} may e-mail me about this gift</span>
    </label>
  );
}

export type CheckoutStart = {
  campaign_id: number;
  email: string;
  first_name: string;
  last_name: string;
  amount: number;
  currency: string;
  interval: string;
};

/** Best effort: the donor's payment never waits for it or fails because of it. */
export function reportCheckoutStart(start: CheckoutStart): void {
  void postJson('/npo_admin/checkout_started', { ...start, consent: true }).catch(() => {});
}
