// The 'Back this project' modal's content, loaded when it opens: the campaign's real donation form, with the
// chosen reward's amount as its only preset (the reward is already held) or the campaign's own presets for a
// flexible pledge. When the gift is recorded, a held reward is tied to it and the deductible part shown
// (docs/decisions/048-crowdfunding.md). A reward that ships asks where to send it first, and is held with that
// address (docs/product/crowdfunding.md#rewards).
import type { TPublicCampaign } from '@kindling/contracts';
import type { TRewardClaimHeld, TRewardClaimSummary } from '@kindling/contracts/crowdfunding.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { DonationForm } from '../donate/DonationForm.tsx';
import { getJson, postJson } from '../donate/http.ts';
import { GIFT_RECORDED_EVENT } from '../donate/page-events.ts';
import '../donate/donation-form.css';
import type { Pledge } from './Rewards.tsx';
import { checkShipping, emptyShipping, type ShippingErrors, ShippingFields } from './ShippingFields.tsx';
import './cf-form.css';

type Props = { campaignId: number; pledge: Pledge; reference: string | null; onGift: () => void };

/** The form's campaign for this pledge: a reward pledges exactly its amount, once, in the campaign's currency. */
export function pledgeCampaign(campaign: TPublicCampaign, pledge: Pledge): TPublicCampaign {
  if (pledge.amount_minor === null) return campaign;
  const description = pledge.reward?.title ?? 'Pledge';
  return {
    ...campaign,
    amounts: [
      { id: pledge.reward?.id ?? 1, amount_minor: pledge.amount_minor, interval: 'once', description, image_url: null },
    ],
    intervals: ['once'],
    currencies: [campaign.currency],
    currency_amounts: undefined,
    user_amount_enable: pledge.reward === null,
  };
}

/** The shipping step: the unit is held only once the address is valid, so a backer who loses it is told now. */
function ShippingStep({
  campaignId,
  pledge,
  onHeld,
}: Omit<Props, 'reference' | 'onGift'> & { onHeld: (r: string) => void }) {
  const [value, setValue] = useState(emptyShipping);
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reward = pledge.reward;
  if (!reward) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkShipping(value);
    setErrors('errors' in checked ? checked.errors : {});
    if ('errors' in checked) return;
    setBusy(true);
    setFailure(null);
    try {
      const held = await postJson<TRewardClaimHeld>(`/crowdfunding_page/${campaignId}/rewards/${reward.id}/claims`, {
        amount_minor: pledge.amount_minor,
        shipping_address: checked.address,
      });
      onHeld(held.reference);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <form className="cf-form" onSubmit={submit} noValidate aria-label="Shipping address">
      <ShippingFields value={value} errors={errors} onChange={setValue} rewardTitle={reward.title} />
      {failure && <p role="alert">{failure}</p>}
      <button type="submit" className="cf-button cf-primary" disabled={busy}>
        Continue to your gift
      </button>
    </form>
  );
}

export default function BackProject({ campaignId, pledge, reference: heldOnSelect, onGift }: Props) {
  const [reference, setReference] = useState(heldOnSelect);
  const [campaign, setCampaign] = useState<TPublicCampaign | null>(null);
  const [failed, setFailed] = useState(false);
  const [claim, setClaim] = useState<TRewardClaimSummary | null>(null);
  const [claimError, setClaimError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ campaign: TPublicCampaign }>(`/npo_admin/campaigns/${campaignId}`).then(
      (answer) => setCampaign(answer.campaign),
      () => setFailed(true),
    );
  }, [campaignId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener per held reward
  useEffect(() => {
    const onRecorded = (event: Event) => {
      const donationId = (event as CustomEvent<{ donation_id: number | null }>).detail?.donation_id ?? null;
      if (!reference || donationId === null) return onGift();
      postJson<TRewardClaimSummary>(`/crowdfunding_claims/${reference}/confirm`, { donation_id: donationId }).then(
        (summary) => {
          setClaim(summary);
          onGift();
        },
        (error: Error) => {
          setClaimError(error.message);
          onGift();
        },
      );
    };
    document.addEventListener(GIFT_RECORDED_EVENT, onRecorded);
    return () => document.removeEventListener(GIFT_RECORDED_EVENT, onRecorded);
  }, [reference]);
  if (pledge.reward?.shipping_required && reference === null)
    return <ShippingStep campaignId={campaignId} pledge={pledge} onHeld={setReference} />;
  if (failed) return <p role="alert">We could not load the donation form. Please try again.</p>;
  if (!campaign)
    return (
      <p className="kd-working" role="status">
        <span className="kd-spinner" aria-hidden="true" /> Loading…
      </p>
    );
  return (
    <>
      {claim && (
        <div className="cf-claimed" role="status">
          <p>
            <strong>{claim.reward_title}</strong> is yours.
          </p>
          {claim.receipt_lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {claimError && <p role="alert">{claimError}</p>}
      <DonationForm campaign={pledgeCampaign(campaign, pledge)} />
    </>
  );
}
