// A declined pledge's new card, opened by the settlement e-mail's link (/crowdfunding/{id}?pledge=…,
// docs/product/crowdfunding.md#funding-models): the pledge as it stands, then a card setup for it; once the card
// is saved the pledge is charged again by the settlement. Loaded when the link is followed.
import type { TPledgeStarted, TPledgeSummary } from '@kindling/contracts/crowdfunding-pledges.ts';
import { useEffect, useState } from 'react';
import { getJson, postJson } from '../donate/http.ts';
import '../donate/donation-form.css';
import type { CfFormat } from './cf-format.ts';
import { PledgeCard } from './PledgeCard.tsx';

type Props = { reference: string; format: CfFormat; onDone: () => void };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

export default function UpdateCard({ reference, format, onDone }: Props) {
  const [pledge, setPledge] = useState<TPledgeSummary | null>(null);
  const [setup, setSetup] = useState<TPledgeStarted | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    getJson<TPledgeSummary>(`/crowdfunding_pledges/${encodeURIComponent(reference)}`).then(setPledge, (e) =>
      setFailure(messageOf(e)),
    );
  }, [reference]);
  if (failure && !pledge) return <p role="alert">{failure}</p>;
  if (!pledge)
    return (
      <p className="kd-working" role="status">
        <span className="kd-spinner" aria-hidden="true" /> Loading…
      </p>
    );
  const amount = format.money(pledge.amount_minor, pledge.currency);
  if (saved || pledge.status === 'pledged' || pledge.status === 'charging')
    return (
      <div className="cf-claimed" role="status">
        <p>
          <strong>Thank you!</strong> Your new card is saved: your pledge of {amount} will be charged shortly.
        </p>
      </div>
    );
  if (pledge.status !== 'failed')
    return (
      <p role="status">
        {pledge.status === 'charged'
          ? `Your pledge of ${amount} has been charged. Thank you!`
          : 'This pledge does not need a new card.'}
      </p>
    );
  const start = async () => {
    setFailure(null);
    try {
      setSetup(await postJson<TPledgeStarted>(`/crowdfunding_pledges/${encodeURIComponent(reference)}/card`, {}));
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  const finish = async (): Promise<string | null> => {
    try {
      setPledge(await postJson<TPledgeSummary>(`/crowdfunding_pledges/${encodeURIComponent(reference)}/confirm`, {}));
      setSaved(true);
      onDone();
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };
  return (
    <div className="cf-pledge">
      <p>
        Your pledge of <strong>{amount}</strong> to {pledge.campaign}
        {pledge.reward_title ? ` (${pledge.reward_title})` : ''} could not be charged
        {pledge.failure_message ? `: ${pledge.failure_message}` : '.'}
      </p>
      {setup ? (
        <PledgeCard setup={setup} amountLabel={amount} finish={finish} submitLabel={`Save card and pay ${amount}`} />
      ) : (
        <>
          {failure && <p role="alert">{failure}</p>}
          <button type="button" className="kd-button kd-primary" onClick={start}>
            Enter a new card
          </button>
        </>
      )}
    </div>
  );
}
