import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListMessage, RetryButton } from './ListMessage.tsx';

/** Grey bars while the first page loads; a named status so screen readers hear what is coming. */
export function ListSkeleton({
  label,
  rows = 5,
  rowHeight = 22,
}: {
  label: string;
  rows?: number;
  rowHeight?: number;
}) {
  return (
    <Stack p="md" gap="sm" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have no identity
        <Skeleton key={i} height={rowHeight} />
      ))}
    </Stack>
  );
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export type ListResultsProps<Row> = {
  query: Pick<
    UseQueryResult<unknown>,
    'isPending' | 'isError' | 'data' | 'error' | 'refetch' | 'isFetching' | 'isPlaceholderData'
  >;
  rows: Row[];
  /** Plural, lower case ('donations'): names the loading bars, the error and the no-match message. */
  noun: string;
  /** A search or filter is set, so an empty answer means 'nothing matches' rather than 'nothing yet'. */
  filtered: boolean;
  /** Offered as 'Clear filters' when nothing matches. */
  onClear: () => void;
  empty: { icon: ReactNode; title: string; hint: string };
  /** Phones show cards without the surrounding border. */
  mobile: boolean;
  noMatchTitle?: string;
  noMatchHint?: string;
  skeleton?: { rows?: number; rowHeight?: number };
  children: (rows: Row[]) => ReactNode;
};

/** Loading, failed with retry, no match, nothing yet, or the rows. */
function resultsBody<Row>(props: ListResultsProps<Row>): ReactNode {
  const { query, rows, noun } = props;
  if (query.isPending) return <ListSkeleton label={`Loading ${noun}`} {...props.skeleton} />;
  if (query.isError && !query.data) {
    return (
      <ListMessage
        role="alert"
        icon={<TriangleAlert size={28} aria-hidden color="var(--mantine-color-red-6)" />}
        title={`${capitalised(noun)} could not be loaded`}
        hint={query.error?.message}
        action={<RetryButton onRetry={() => query.refetch()} loading={query.isFetching} />}
      />
    );
  }
  if (rows.length === 0 && props.filtered) {
    return (
      <ListMessage
        icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
        title={props.noMatchTitle ?? `No ${noun} match`}
        hint={props.noMatchHint ?? 'Try another search, or fewer filters.'}
        action={
          <Button variant="light" size="xs" onClick={props.onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  if (rows.length === 0) return <ListMessage {...props.empty} />;
  return props.children(rows);
}

/**
 * The result panel of a filtered list page: the states every list must have (loading, empty, error), dimmed
 * while the next page or filter loads so the old rows are not mistaken for the answer.
 */
export function ListResults<Row>(props: ListResultsProps<Row>) {
  const bare = props.mobile && props.rows.length > 0;
  return (
    <Paper
      withBorder={!bare}
      radius="md"
      style={{ overflow: 'hidden', opacity: props.query.isPlaceholderData ? 0.6 : 1 }}
      bg={bare ? 'transparent' : undefined}
      aria-busy={props.query.isFetching}
    >
      {resultsBody(props)}
    </Paper>
  );
}
