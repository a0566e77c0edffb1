import type { TCardTestingBurst } from '@kindling/contracts';
import { Alert, Stack } from '@mantine/core';
import { ShieldAlert } from 'lucide-react';
import { type DonationBits, useDonationBits } from './donation-bits.tsx';

/** What one burst reads as: how many declines, from where, when, and whether the check is still asked. */
export function burstText(b: TCardTestingBurst, { when }: DonationBits): string {
  const from = b.scope === 'campaign' ? 'from many addresses on one campaign' : `from ${b.source}`;
  const check = b.challenge_on
    ? `challenge on until ${when(b.challenge_until)}`
    : `challenge off since ${when(b.challenge_until)}`;
  return `Card-testing burst: ${b.declines} declined attempts ${from} between ${when(b.started_at)} and ${when(b.last_decline_at)}, ${check}.`;
}

/**
 * The transactions page's banner (decision 025): recent runs of declined card payments and the
 * proof-of-work the donation form asks for meanwhile; real donors elsewhere give as usual.
 */
export function CardTestingBursts({ bursts }: { bursts: readonly TCardTestingBurst[] }) {
  const bits = useDonationBits();
  if (bursts.length === 0) return null;
  const on = bursts.some((b) => b.challenge_on);
  return (
    <section aria-label="Card-testing bursts">
      <Alert
        color={on ? 'orange' : 'gray'}
        icon={<ShieldAlert size={18} aria-hidden />}
        title={on ? 'Card testing suspected' : 'Recent card testing'}
      >
        <Stack gap={4}>
          {bursts.map((b) => (
            <span key={b.id}>{burstText(b, bits)}</span>
          ))}
        </Stack>
      </Alert>
    </section>
  );
}
