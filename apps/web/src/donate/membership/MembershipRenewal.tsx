// The renewal step of /subscriptions/{campaign_url}?renew=<token> (docs/decisions/057-membership-renewals.md):
// the reminder e-mail's one-click link opens the membership to renew and its price, then the ordinary
// payment step charges it. An expired or invalid link says so plainly.
import type { TMembershipRenewal, TPublicCampaign } from '@kindling/contracts';
import { TIER_BILLING_LABELS } from '@kindling/contracts/membership-rules.ts';
import { useEffect, useState } from 'react';
import type { DonationChoice } from '../donation-choice.ts';
import { moneyIn } from '../form-format.ts';
import { getJson } from '../http.ts';

type Props = { campaign: TPublicCampaign; token: string; onContinue: (choice: DonationChoice) => void };

export function renewalChoice(renewal: TMembershipRenewal): DonationChoice {
  return {
    interval: renewal.interval,
    currency: renewal.currency,
    giftMinor: renewal.price_minor,
    includedFeesMinor: 0,
    totalMinor: renewal.price_minor,
    designation: null,
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
    membership: renewal.reference,
  };
}

export default function MembershipRenewal({ campaign, token, onContinue }: Props) {
  const [renewal, setRenewal] = useState<TMembershipRenewal | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    getJson<TMembershipRenewal>(`/subscriptions/renewals/${encodeURIComponent(token)}`).then(setRenewal, (error) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, [token]);
  if (problem) {
    return (
      <div className="kd-step-one kd-membership">
        <p className="kd-field-error" role="alert">
          {problem}
        </p>
        <a className="kd-button" href={`/subscriptions/${encodeURIComponent(campaign.campaign_url)}`}>
          See the memberships
        </a>
      </div>
    );
  }
  if (!renewal) {
    return (
      <p className="kd-working" role="status">
        Loading your membership…
      </p>
    );
  }
  const price = moneyIn(campaign, renewal.price_minor, renewal.currency);
  return (
    <div className="kd-step-one kd-membership">
      <h2 className="kd-renewal-title">Renew your {renewal.tier} membership</h2>
      <p className="kd-hint">Members: {renewal.members.join(', ')}</p>
      <p className="kd-hint">
        {price} {renewal.term === 'fixed_term' ? 'for one more term' : TIER_BILLING_LABELS[renewal.term]}
        {renewal.interval === 'once' ? '' : ', renewed automatically from now on (you can stop it at any time)'}.
      </p>
      <button type="button" className="kd-button kd-primary" onClick={() => onContinue(renewalChoice(renewal))}>
        Continue to payment
      </button>
    </div>
  );
}
