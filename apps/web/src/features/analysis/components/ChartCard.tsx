import { Alert, Button, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type ChartRow = { label: string; value: string };

type ChartCardProps = {
  /** The heading; also names the section for screen readers. */
  title: string;
  id: string;
  /** A sentence under the heading (what is counted). */
  description?: string;
  state: 'loading' | 'error' | 'empty' | 'ready';
  emptyText?: string;
  onRetry?: () => void;
  /** The figures the chart draws, as a table screen readers read instead of the drawing. */
  rows?: ChartRow[];
  /** Figures shown above the chart (big numbers). */
  summary?: ReactNode;
  /** The drawing (hidden from assistive technology: `rows` say the same). */
  children?: ReactNode;
  /** Content under the drawing that everyone reads (lists, tabs). */
  details?: ReactNode;
};

/**
 * A chart in a card with its own loading, error and empty states. The drawing is hidden from
 * assistive technology (its charts are built without recharts' keyboard layer, so nothing hidden
 * takes focus); the same figures are given as a visually hidden table.
 */
export function ChartCard({
  title,
  id,
  description,
  state,
  emptyText,
  onRetry,
  rows,
  summary,
  children,
  details,
}: ChartCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {state === 'loading' && <Skeleton height={200} radius="md" aria-label={`Loading ${title}`} role="status" />}
        {state === 'error' && (
          <Alert
            color="red"
            variant="light"
            icon={<TriangleAlert size={18} aria-hidden />}
            title="Could not load this chart"
          >
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        )}
        {state === 'empty' && (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {emptyText ?? 'Nothing to show for this period.'}
          </Text>
        )}
        {state === 'ready' && (
          <>
            {summary}
            {children && (
              <div aria-hidden data-testid={`${id}-chart`}>
                {children}
              </div>
            )}
            {rows && rows.length > 0 && (
              <VisuallyHidden>
                <Table>
                  <Table.Caption>{title}</Table.Caption>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.label}>
                        <Table.Th scope="row">{row.label}</Table.Th>
                        <Table.Td>{row.value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </VisuallyHidden>
            )}
            {details}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The state of a card from its query: data present, fetching the first time, failed, or empty. */
export function cardState(query: { data?: unknown; isError: boolean }, isEmpty: boolean): ChartCardProps['state'] {
  if (query.data === undefined) return query.isError ? 'error' : 'loading';
  return isEmpty ? 'empty' : 'ready';
}
