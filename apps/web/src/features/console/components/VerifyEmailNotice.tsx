import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { consoleApi } from '../api/console.queries.ts';

/**
 * The discreet banner of a signed-in user whose address is not verified yet: nothing is blocked
 * meanwhile, it only offers a new link (docs/product/sign-in.md#e-mail-verification, decision 078).
 */
export function VerifyEmailNotice() {
  const resend = useMutation({ mutationFn: () => consoleApi.resendOwnVerification() });
  return (
    <Alert color="gray" variant="light" icon={<Mail size={18} aria-hidden />} mb="md" role="status">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">
          {resend.isSuccess ? resend.data.message : 'Please confirm your e-mail address with the link we sent you.'}
        </Text>
        {resend.isSuccess ? null : (
          <Button size="compact-sm" variant="subtle" loading={resend.isPending} onClick={() => resend.mutate()}>
            Resend the link
          </Button>
        )}
      </Group>
      {resend.isError ? (
        <Text size="sm" c="red.9" role="alert" mt={4}>
          {resend.error.message}
        </Text>
      ) : null}
    </Alert>
  );
}
