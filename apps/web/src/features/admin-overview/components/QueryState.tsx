import { Alert, Paper, Skeleton, Stack } from '@mantine/core';
import { ApiError } from '../../../app/api-client.ts';
import { LoadError } from '../../../shared/LoadError.tsx';

type Props = { label: string; isPending: boolean; error: Error | null; isFetching: boolean; onRetry: () => void };

/** Loading skeletons, or why the page's data could not be read (a role that may not see it included). */
export function QueryState({ label, isPending, error, isFetching, onRetry }: Props) {
  if (error) {
    if (error instanceof ApiError && error.status === 403) {
      return (
        <Alert variant="light" title="Not available for your role">
          {error.message} An organisation admin can see this page.
        </Alert>
      );
    }
    return <LoadError title={`${label} unavailable`} message={error.message} retrying={isFetching} onRetry={onRetry} />;
  }
  if (!isPending) return null;
  return (
    <Stack gap="sm" role="status" aria-label={`Loading the ${label.toLowerCase()}`}>
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton height={16} width="45%" mb="sm" />
          <Skeleton height={12} width="70%" />
        </Paper>
      ))}
    </Stack>
  );
}
