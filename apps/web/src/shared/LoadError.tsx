import { Alert, Button, Stack } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';

type Props = { title: string; message: string; retrying: boolean; onRetry: () => void };

/** A page's data could not be read: why, and a button that asks again. */
export function LoadError({ title, message, retrying, onRetry }: Props) {
  return (
    <Alert color="red" role="alert" icon={<TriangleAlert size={18} aria-hidden />} title={title}>
      <Stack gap="xs" align="flex-start">
        {message}
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
