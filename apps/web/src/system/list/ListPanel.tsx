import { Paper, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListMessage, RetryButton } from './ListMessage.tsx';

export type ListPanelProps = {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'data' | 'error' | 'refetch' | 'isFetching'>;
  /** How many rows the answer holds: none shows the empty message. */
  count: number;
  /** Plural, lower case ('ticket orders'): names the loading placeholder and the error. */
  noun: string;
  empty: { icon: ReactNode; title: string; hint: string };
  /** Phones show cards with a little padding inside the border. */
  mobile: boolean;
  skeletonHeight?: number;
  children: ReactNode;
};

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function body(props: ListPanelProps): ReactNode {
  const { query, noun } = props;
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
  if (query.isPending)
    return <Skeleton role="status" height={props.skeletonHeight ?? 240} aria-label={`Loading ${noun}`} />;
  if (props.count === 0) return <ListMessage role="status" {...props.empty} />;
  return props.children;
}

/**
 * A bordered list whose rows come from one query: failed (with "Try again"), loading, empty, or the rows.
 * For the simpler lists (transactions, ticket orders, past imports); the filtered list pages with
 * "Clear filters" use ListResults.
 */
export function ListPanel(props: ListPanelProps) {
  return (
    <Paper withBorder radius="md" p={props.mobile ? 'xs' : 0}>
      {body(props)}
    </Paper>
  );
}
