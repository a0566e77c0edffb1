import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ProcessorStatus } from './processor-status.ts';
import { StatusBadge } from './StatusBadge.tsx';

type ProcessorCardProps = { title: string; icon: ReactNode; status: ProcessorStatus; children: ReactNode };

/** One processor: its name and status, what that means for the donation form, then its controls. */
export function ProcessorCard({ title, icon, status, children }: ProcessorCardProps) {
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {/* On a phone the badge drops under the name instead of squeezing it. */}
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" align="center">
            <span style={{ display: 'flex', flexShrink: 0 }}>{icon}</span>
            <Title order={2} fz="lg" id={headingId}>
              {title}
            </Title>
          </Group>
          <StatusBadge status={status} />
        </Group>
        <Text size="sm" c="dimmed">
          {status.meaning}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
