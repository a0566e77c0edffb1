// The success view (docs/product/donation-form.md#thank-you-screen): the campaign's own message, or the
// standard two sentences built from the outcome.
import type { TPublicCampaign } from '@kindling/contracts';
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';
import { INTERVAL_PHRASES } from '@kindling/contracts/interval-rules.ts';
import { useEffect, useRef } from 'react';
import type { DonationOutcome } from './donation-choice.ts';
import { moneyIn } from './form-format.ts';
import { GIFT_COMPLETED_EVENT, GIFT_RECORDED_EVENT, usePageEvent } from './page-events.ts';

type Props = { campaign: TPublicCampaign; outcome: DonationOutcome; onRestart: () => void };

export function ThankYou({ campaign, outcome, onRestart }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the result so a screen reader announces it after the payment step disappears.
  useEffect(() => heading.current?.focus(), []);
  // Donor wall: the page's wall asks for the new gift now (page-events.ts).
  usePageEvent(GIFT_COMPLETED_EVENT, true);
  // cf17: which donation was recorded, for the crowdfunding page's reward claim (page-events.ts).
  const donationId = outcome.donation?.id ?? null;
  useEffect(() => {
    document.dispatchEvent(new CustomEvent(GIFT_RECORDED_EVENT, { detail: { donation_id: donationId } }));
  }, [donationId]);
  const custom = campaign.thank_you_message.trim();
  const amount = moneyIn(campaign, outcome.totalMinor, outcome.currency);
  return (
    <section className="kd-thanks" aria-labelledby="kd-thanks-title">
      <div className="kd-thanks-mark" aria-hidden="true">
        <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24">
          <path d="M5 12.5 10 17.5 19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </div>
      <h2 id="kd-thanks-title" ref={heading} tabIndex={-1}>
        {custom ? 'Thank you!' : DONATION_FORM_TEXT.thankYou(INTERVAL_PHRASES[outcome.interval], amount, campaign.npo)}
      </h2>
      {custom ? (
        <p className="kd-thanks-text">{custom}</p>
      ) : (
        <p className="kd-thanks-text">{DONATION_FORM_TEXT.thankYouMission(campaign.npo)}</p>
      )}
      {outcome.status === 'processing' && (
        <p className="kd-hint">
          Your bank is still confirming the payment. We will e-mail your receipt once it clears.
        </p>
      )}
      <button type="button" className="kd-button" onClick={onRestart}>
        {DONATION_FORM_TEXT.goToCampaignPage}
      </button>
    </section>
  );
}
