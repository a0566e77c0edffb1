import type { TOrganisationStatus } from '@kindling/contracts';
import { Badge, Group, Tooltip } from '@mantine/core';
import { BadgeCheck } from 'lucide-react';

const COLOURS: Record<TOrganisationStatus, string> = { active: 'green', suspended: 'orange', closed: 'gray' };
const LABELS: Record<TOrganisationStatus, string> = { active: 'Active', suspended: 'Suspended', closed: 'Closed' };

/** An organisation's status, with the checked badge once the operator verified it. */
export function StatusBadge({ status, verified }: { status: TOrganisationStatus; verified: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={COLOURS[status]} variant="light">
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
