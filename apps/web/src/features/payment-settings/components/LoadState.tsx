import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';

export function LoadingPanel({ label }: { label: string }) {
  return (
    <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label={label}>
      <Skeleton height={22} width="50%" mb="md" />
      <Skeleton height={12} mb={8} />
      <Skeleton height={12} width="80%" mb={8} />
      <Skeleton height={12} width="70%" />
    </Paper>
  );
}

export function LoadError({
  title,
  error,
  retry,
  busy,
}: {
  title: string;
  error: Error;
  retry: () => void;
  busy: boolean;
}) {
  return (
    <Alert color="red" role="alert" icon={<TriangleAlert size={18} aria-hidden />} title={title}>
      <Stack gap="xs" align="flex-start">
        {error.message}
        <Button size="xs" variant="light" color="red" onClick={retry} loading={busy}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
