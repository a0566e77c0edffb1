import { Box, Button, Code, CopyButton, Group, Image, List, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { profileApi } from '../api/profile.queries.ts';
import { profileErrorMessage } from '../profile-errors.ts';
import { CodePrompt } from './CodePrompt.tsx';

/**
 * Turning two-step verification on: a QR code (and the secret for manual entry) to add to an
 * authenticator app, then a code from the app to confirm, which returns the backup codes.
 */
export function EnableMfa({ onEnabled }: { onEnabled: (backupCodes: string[]) => void }) {
  const setup = useMutation({ mutationFn: profileApi.setupMfa });
  const enable = useMutation({
    mutationFn: profileApi.enableMfa,
    onSuccess: (data) => {
      setup.reset();
      onEnabled(data.backup_codes);
    },
  });

  if (!setup.data) {
    return (
      <Stack gap="xs" align="flex-start">
        <FormAlert
          message={setup.isError ? profileErrorMessage(setup.error, 'Set-up could not start. Please try again.') : null}
        />
        <Button
          leftSection={<ShieldCheck size={16} />}
          onClick={() => setup.mutate()}
          loading={setup.isPending}
          disabled={setup.isPending}
        >
          Set up authenticator app
        </Button>
      </Stack>
    );
  }

  const { qr_data_url: qr, secret } = setup.data;
  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>Open an authenticator app (for example 1Password, Google Authenticator or Authy).</List.Item>
        <List.Item>Scan this QR code, or enter the key below by hand.</List.Item>
        <List.Item>Type the 6-digit code the app shows to confirm.</List.Item>
      </List>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Box bg="white" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Image src={qr} alt="QR code to add Kindling to your authenticator app" w={180} h={180} />
        </Box>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600}>
            Key for manual entry
          </Text>
          {/* Wrapped, so a phone does not get a scrolling box a keyboard cannot reach (axe). */}
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label="Secret key">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Group>
      <FormAlert
        message={enable.isError ? profileErrorMessage(enable.error, 'That code did not work. Please try again.') : null}
      />
      <CodePrompt
        label="Confirmation code"
        submitLabel="Turn on"
        pending={enable.isPending}
        onSubmit={(code) => enable.mutate(code)}
        onCancel={() => {
          setup.reset();
          enable.reset();
        }}
      />
    </Stack>
  );
}
