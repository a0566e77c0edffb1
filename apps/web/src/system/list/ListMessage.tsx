import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred message for empty and failed lists, with an optional action. */
export function ListMessage({
  icon,
  title,
  hint,
  action,
  role,
}: {
  icon?: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <Stack align="center" gap={6} py="xl" px="md" role={role}>
      {icon}
      <Text fw={600} ta="center">
        {title}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {hint}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}

export function RetryButton({ onRetry, loading }: { onRetry: () => void; loading?: boolean }) {
  return (
    <Button variant="light" size="xs" onClick={onRetry} loading={loading}>
      Try again
    </Button>
  );
}
