import type { TOrganisationStatus } from '@kindling/contracts';
import { Badge, Group, Tooltip } from '@mantine/core';
import { BadgeCheck } from 'lucide-react';

// Dark shades on the filled badge: the light variants fall short of WCAG contrast.
const COLOURS: Record<TOrganisationStatus, string> = { active: 'teal.9', suspended: 'orange.9', closed: 'gray.7' };
const LABELS: Record<TOrganisationStatus, string> = { active: 'Active', suspended: 'Suspended', closed: 'Closed' };

/** An organisation's status, with the checked badge once the operator verified it. */
export function StatusBadge({ status, verified }: { status: TOrganisationStatus; verified: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={COLOURS[status]} variant="filled">
        {LABELS[status]}
      </Badge>
      {verified ? (
        <Tooltip label="Verified by the platform">
          <BadgeCheck size={18} color="var(--mantine-color-blue-7)" role="img" aria-label="Verified" />
        </Tooltip>
      ) : null}
    </Group>
  );
}
