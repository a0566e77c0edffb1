// Step 1 of a membership campaign's form (/subscriptions/{campaign_url}, docs/decisions/049-memberships.md):
// the tiers are the campaign's preset choice; the visitor names each member (a household tier up to
// its size), the place is held, and the ordinary payment step charges the tier's price. Loaded only
// for membership campaigns, so the plain donation page never fetches it.
import type { TJoinHold, TPublicCampaign, TTier } from '@kindling/contracts';
import { MEMBERSHIP_MESSAGES, TIER_BILLING_LABELS } from '@kindling/contracts/membership-rules.ts';
import { useEffect, useState } from 'react';
import type { DonationChoice } from '../donation-choice.ts';
import { moneyIn } from '../form-format.ts';
import { getJson, HttpError, postJson } from '../http.ts';
import MembershipRenewal from './MembershipRenewal.tsx';
import './membership.css';

type Member = { name: string; email: string };
type Props = { campaign: TPublicCampaign; onContinue: (choice: DonationChoice) => void };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blank = (): Member => ({ name: '', email: '' });

function memberErrors(members: Member[]): string[] {
  return members.map((m) => {
    if (!m.name.trim()) return 'Enter the member’s name.';
    if (!EMAIL.test(m.email.trim())) return 'Enter a valid e-mail address.';
    return '';
  });
}

function TierCard({
  campaign,
  tier,
  selected,
  onSelect,
}: {
  campaign: TPublicCampaign;
  tier: TTier;
  selected: boolean;
  onSelect: () => void;
}) {
  const full = tier.remaining === 0;
  return (
    <label className={`kd-tier${selected ? ' kd-tier-selected' : ''}${full ? ' kd-tier-full' : ''}`}>
      <input type="radio" name="kd-tier" checked={selected} disabled={full} onChange={onSelect} />
      <span className="kd-tier-head">
        <strong>{tier.name}</strong>
        <span>
          {moneyIn(campaign, tier.price_minor, tier.currency)}{' '}
          {tier.billing === 'fixed_term' ? `for ${tier.term_months} months` : TIER_BILLING_LABELS[tier.billing]}
        </span>
      </span>
      {tier.description && <span className="kd-tier-text">{tier.description}</span>}
      {tier.benefits.length > 0 && (
        <ul className="kd-tier-benefits">
          {tier.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      <span className="kd-tier-text">
        {tier.household_size > 1 ? `Up to ${tier.household_size} members. ` : ''}
        {full ? 'This tier is full.' : ''}
      </span>
    </label>
  );
}

function MemberFields({
  members,
  errors,
  max,
  onChange,
}: {
  members: Member[];
  errors: string[];
  max: number;
  onChange: (members: Member[]) => void;
}) {
  const set = (i: number, patch: Partial<Member>) =>
    onChange(members.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <fieldset className="kd-members">
      <legend>{max > 1 ? `Members (up to ${max})` : 'Member'}</legend>
      {members.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, edited in place
        <div key={i} className="kd-member-row">
          <label>
            <span>Name of member {i + 1}</span>
            <input
              value={m.name}
              autoComplete={i === 0 ? 'name' : 'off'}
              onChange={(e) => set(i, { name: e.currentTarget.value })}
            />
          </label>
          <label>
            <span>E-mail of member {i + 1}</span>
            <input
              type="email"
              value={m.email}
              autoComplete={i === 0 ? 'email' : 'off'}
              onChange={(e) => set(i, { email: e.currentTarget.value })}
            />
          </label>
          {errors[i] && (
            <p className="kd-field-error" role="alert">
              {errors[i]}
            </p>
          )}
          {i > 0 && (
            <button
              type="button"
              className="kd-link-button"
              onClick={() => onChange(members.filter((_, j) => j !== i))}
            >
              Remove member {i + 1}
            </button>
          )}
        </div>
      ))}
      {members.length < max && (
        <button type="button" className="kd-button" onClick={() => onChange([...members, blank()])}>
          Add a member
        </button>
      )}
    </fieldset>
  );
}

/** The reminder e-mail's renewal link carries ?renew=<token> (docs/decisions/057-membership-renewals.md). */
const renewalToken = () => new URLSearchParams(window.location.search).get('renew');

export default function MembershipStepOne({ campaign, onContinue }: Props) {
  const [token] = useState(renewalToken);
  if (token) return <MembershipRenewal campaign={campaign} token={token} onContinue={onContinue} />;
  return <MembershipJoin campaign={campaign} onContinue={onContinue} />;
}

function MembershipJoin({ campaign, onContinue }: Props) {
  const [tiers, setTiers] = useState<TTier[] | null>(null);
  const [tierId, setTierId] = useState<number | null>(null);
  const [members, setMembers] = useState<Member[]>([blank()]);
  const [errors, setErrors] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getJson<{ tiers: TTier[] }>(`/subscriptions/${encodeURIComponent(campaign.campaign_url)}/tiers`).then(
      (answer) => setTiers(answer.tiers),
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, [campaign.campaign_url]);
  const tier = tiers?.find((t) => t.id === tierId) ?? null;

  const join = async () => {
    if (!tier) return;
    const found = memberErrors(members);
    setErrors(found);
    if (found.some(Boolean)) return;
    setBusy(true);
    setProblem(null);
    try {
      const hold = await postJson<TJoinHold>(`/subscriptions/${encodeURIComponent(campaign.campaign_url)}/join`, {
        tier_id: tier.id,
        members: members.map((m) => ({ name: m.name.trim(), email: m.email.trim() })),
      });
      onContinue({
        interval: hold.interval,
        currency: hold.currency,
        giftMinor: hold.price_minor,
        includedFeesMinor: 0,
        totalMinor: hold.price_minor,
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
        membership: hold.reference,
      });
    } catch (error) {
      setProblem(error instanceof HttpError || error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (!tiers) {
    return problem ? (
      <p className="kd-field-error" role="alert">
        {problem}
      </p>
    ) : (
      <p className="kd-working" role="status">
        Loading the membership tiers…
      </p>
    );
  }
  if (tiers.length === 0) return <p className="kd-hint">{MEMBERSHIP_MESSAGES.noTiers}</p>;
  return (
    <div className="kd-step-one kd-membership">
      <fieldset className="kd-tiers">
        <legend>Choose a membership</legend>
        {tiers.map((t) => (
          <TierCard
            key={t.id}
            campaign={campaign}
            tier={t}
            selected={t.id === tierId}
            onSelect={() => {
              setTierId(t.id);
              setMembers((current) => current.slice(0, t.household_size));
              setErrors([]);
            }}
          />
        ))}
      </fieldset>
      {tier && <MemberFields members={members} errors={errors} max={tier.household_size} onChange={setMembers} />}
      {problem && (
        <p className="kd-field-error" role="alert">
          {problem}
        </p>
      )}
      {tier ? (
        <button type="button" className="kd-button kd-primary" disabled={busy} onClick={join}>
          Continue to payment
        </button>
      ) : (
        <p className="kd-hint kd-next-hint">Choose a membership to continue.</p>
      )}
    </div>
  );
}
