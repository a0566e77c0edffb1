import { Alert, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The one frame every console screen puts around its query: an alert naming what failed, a
 * skeleton while it loads, else the screen drawn from the data.
 */
export function ConsoleQueryState<T>({
  query,
  what,
  height = 240,
  frame = (node) => node,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error'>;
  /** What the screen shows, as in "The sales could not be loaded" and "Loading the sales". */
  what: string;
  height?: number;
  /** Wraps the alert and the skeleton where the loaded screen brings its own frame (its actions). */
  frame?: (node: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.error) {
    return frame(
      <Alert color="red" role="alert" title={`The ${what} could not be loaded`}>
        {query.error.message}
      </Alert>,
    );
  }
  if (query.data === undefined) return frame(<Skeleton height={height} aria-label={`Loading the ${what}`} />);
  return <>{children(query.data)}</>;
}
