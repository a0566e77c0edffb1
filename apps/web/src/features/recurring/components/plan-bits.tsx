import type { TGivingInterval, TRecurringPlanStatus } from '@kindling/contracts';
import { Badge } from '@mantine/core';
import { CircleAlert, CircleCheck, CirclePause, CircleSlash, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';

export const PLAN_STATUS_LABELS: Record<TRecurringPlanStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  failed: 'Cannot be charged',
};

/** Read with readable.module.css, which darkens the light variant's text for contrast. */
const COLORS: Record<TRecurringPlanStatus, string> = {
  active: 'green',
  paused: 'gray',
  past_due: 'orange',
  cancelled: 'red',
  failed: 'red',
};

const ICONS: Record<TRecurringPlanStatus, ReactNode> = {
  active: <CircleCheck size={12} aria-hidden />,
  paused: <CirclePause size={12} aria-hidden />,
  past_due: <CircleAlert size={12} aria-hidden />,
  cancelled: <CircleX size={12} aria-hidden />,
  failed: <CircleSlash size={12} aria-hidden />,
};

/** The status as a word and an icon, never colour alone. */
export function PlanStatusBadge({ status }: { status: TRecurringPlanStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" leftSection={ICONS[status]} style={{ flexShrink: 0 }}>
      {PLAN_STATUS_LABELS[status]}
    </Badge>
  );
}

const PER: Record<TGivingInterval, string> = {
  once: '',
  daily: 'a day',
  weekly: 'a week',
  monthly: 'a month',
  quarterly: 'a quarter',
  yearly: 'a year',
};

export const perInterval = (interval: TGivingInterval): string => PER[interval];

export const donorNameOf = (donor: { first_name: string; last_name: string; email: string }): string =>
  `${donor.first_name} ${donor.last_name}`.trim() || donor.email;

export const FAILURE_REASONS: Record<string, string> = {
  retries_exhausted: 'Cancelled after every retry failed',
  no_saved_payment_method: 'No payment method was saved',
};
