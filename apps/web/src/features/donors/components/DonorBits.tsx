import type { TDonorRecurringStatus, TDonorSummary } from '@kindling/contracts';
import { Badge, Group } from '@mantine/core';
import { Repeat, TriangleAlert } from 'lucide-react';

export const donorName = (d: Pick<TDonorSummary, 'first_name' | 'last_name' | 'email'>) =>
  `${d.first_name} ${d.last_name}`.trim() || d.email || 'Unnamed donor';

export const RECURRING_LABELS: Record<TDonorRecurringStatus, string> = {
  active: 'Active plan',
  past_due: 'Past due',
  none: 'No plan',
};

/**
 * Recurring status and retention flags as words with icons, never colour alone; the 'default'
 * variant keeps the words at full contrast (the light variant's green text failed WCAG AA).
 */
export function DonorBadges({ donor }: { donor: TDonorSummary }) {
  return (
    <Group gap={4} wrap="wrap">
      {donor.recurring_status === 'active' ? (
        <Badge variant="default" leftSection={<Repeat size={11} aria-hidden color="var(--mantine-color-green-8)" />}>
          Active plan
        </Badge>
      ) : null}
      {donor.recurring_status === 'past_due' ? (
        <Badge
          variant="default"
          leftSection={<TriangleAlert size={11} aria-hidden color="var(--mantine-color-orange-8)" />}
        >
          Past due
        </Badge>
      ) : null}
      {donor.lybunt ? (
        <Badge variant="default" title="Gave last giving year but not yet this one">
          LYBUNT
        </Badge>
      ) : null}
      {donor.sybunt ? (
        <Badge variant="default" title="Gave in an earlier year, but neither last year nor this year">
          SYBUNT
        </Badge>
      ) : null}
    </Group>
  );
}
