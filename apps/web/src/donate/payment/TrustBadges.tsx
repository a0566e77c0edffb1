// The trust badges under the card form (docs/product/donation-form.md#step-2-payment): SSL Encrypted, PCI Compliant and
// who processes the card.
import { DONATION_FORM_TEXT } from '@kindling/contracts/donation-constants.ts';

const LOCK = 'M7 10V7a5 5 0 0 1 10 0v3M5 10h14v10H5z';
const SHIELD = 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z';

export function TrustBadges({ provider }: { provider: 'stripe' | 'sandbox' }) {
  const labels = [...DONATION_FORM_TEXT.trustBadges, provider === 'stripe' ? 'Powered by Stripe' : 'Sandbox test mode'];
  return (
    <ul className="kd-pay-badges" aria-label="Payment security">
      {labels.map((label, i) => (
        <li key={label}>
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d={i === 0 ? LOCK : SHIELD}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  );
}
