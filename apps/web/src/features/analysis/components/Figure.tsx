import { Paper, Text } from '@mantine/core';

/** One headline figure: a label and its value, with an optional hint. */
export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={label}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={{ base: 18, sm: 22 }} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export const rateText = (rate: number | null) => (rate === null ? '—' : `${rate}%`);
