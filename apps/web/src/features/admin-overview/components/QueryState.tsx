import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import { ApiError } from '../../../app/api-client.ts';

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
    return (
      <Alert color="red" role="alert" icon={<TriangleAlert size={18} aria-hidden />} title={`${label} unavailable`}>
        <Stack gap="xs" align="flex-start">
          {error.message}
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
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
