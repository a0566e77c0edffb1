import type { TPortalPlan } from '@kindling/contracts';
import { Badge, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { CircleCheck, CirclePause, CircleX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { type Format, formatOf } from '../../../shared/format.ts';
import { useOverview } from '../api/portal.queries.ts';
import type { PortalSource } from '../api/portal-api.ts';

export const INTERVAL_LABELS: Record<string, string> = {
  once: 'One-time',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Every 3 months',
  yearly: 'Yearly',
};

const STATUS: Record<TPortalPlan['status'], { label: string; color: string; icon: ReactNode }> = {
  active: { label: 'Active', color: 'green', icon: <CircleCheck size={12} aria-hidden /> },
  paused: { label: 'Paused', color: 'gray', icon: <CirclePause size={12} aria-hidden /> },
  past_due: { label: 'Payment failed', color: 'orange', icon: <TriangleAlert size={12} aria-hidden /> },
  cancelled: { label: 'Cancelled', color: 'red', icon: <CircleX size={12} aria-hidden /> },
  failed: { label: 'Needs a card', color: 'orange', icon: <TriangleAlert size={12} aria-hidden /> },
};

/** The plan's status as a word and an icon, never by colour alone. */
export function PlanStatusBadge({ status }: { status: TPortalPlan['status'] }) {
  const s = STATUS[status];
  return (
    // The tint says the colour; the text stays the body colour so it keeps its contrast.
    <Badge color={s.color} variant="light" c="var(--mantine-color-text)" leftSection={s.icon}>
      {s.label}
    </Badge>
  );
}

/**
 * The organisation's locale and calendar (decision 027), from the overview the portal already
 * holds (never fetched here); en-US and UTC until it is there.
 */
export function usePortalFormat(source: PortalSource): Format {
  return formatOf(useOverview(source, false).data?.organisation);
}

export const errorText = (error: unknown, fallback = 'Something went wrong. Please try again.') =>
  error instanceof ApiError ? error.message : fallback;

/** A list's loading, error and empty states in one place. */
export function ListState({
  pending,
  error,
  empty,
  emptyText,
  onRetry,
  label,
  children,
}: {
  pending: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  label: string;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <Center py="lg" role="status" aria-label={`Loading ${label}`}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (error) {
    return (
      <Paper withBorder p="md" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{errorText(error, `Your ${label} could not be loaded.`)}</Text>
          <Button variant="light" size="xs" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (empty) {
    return (
      <Paper withBorder p="md">
        <Text c="dimmed">{emptyText}</Text>
      </Paper>
    );
  }
  return <>{children}</>;
}

/** A labelled value of a donor's record or a gift. */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}
