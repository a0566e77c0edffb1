import { Badge } from '@mantine/core';
import { CircleCheck, CircleDashed, FlaskConical } from 'lucide-react';
import type { ProcessorStatus, StatusKind } from './processor-status.ts';

const COLORS: Record<StatusKind, string> = { live: 'green', test: 'orange', off: 'gray' };
const ICONS = {
  live: <CircleCheck size={12} aria-hidden />,
  test: <FlaskConical size={12} aria-hidden />,
  off: <CircleDashed size={12} aria-hidden />,
};

/** The status as a word and an icon, never colour alone. */
export function StatusBadge({ status }: { status: ProcessorStatus }) {
  return (
    <Badge color={COLORS[status.kind]} variant="light" leftSection={ICONS[status.kind]} style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  );
}
