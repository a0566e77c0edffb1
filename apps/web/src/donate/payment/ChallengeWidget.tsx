// The proof-of-work the server asks for during a card-testing burst (docs/decisions/025-card-testing.md).
// Loaded only when an intent call answers CHALLENGE_REQUIRED: its own chunk, never in the first load.
// The CSP-friendly build: the worker is a file of our own origin and the styles a stylesheet.
import 'altcha/external';
import 'altcha/altcha.css';
import { CHALLENGE_PATH } from '@kindling/contracts/donation-constants.ts';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useCallback, useRef } from 'react';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

type Props = {
  campaignId: number;
  /** The widget's payload once solved: sent as `altcha` with the next intent call. */
  onSolved: (payload: string) => void;
};

export default function ChallengeWidget({ campaignId, onSolved }: Props) {
  const solved = useRef(onSolved);
  solved.current = onSolved;
  // Listening from the ref callback (at commit, not in a later effect): the element and its
  // listener go away together.
  const listen = useCallback((widget: HTMLElement | null) => {
    widget?.addEventListener('verified', (event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solved.current(payload);
    });
  }, []);

  return (
    <altcha-widget
      ref={listen}
      challenge={`/api/v1${CHALLENGE_PATH}?campaign_id=${campaignId}`}
      auto="onload"
      name="altcha"
      data-testid="kd-challenge"
    />
  );
}
