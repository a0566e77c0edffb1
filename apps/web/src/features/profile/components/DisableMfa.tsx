import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { profileApi } from '../api/profile.queries.ts';
import { profileErrorMessage } from '../profile-errors.ts';
import { CodePrompt } from './CodePrompt.tsx';

/** Turning two-step verification off: a current code, then a confirmation dialog. */
export function DisableMfa({ onDisabled }: { onDisabled: () => void }) {
  const [asking, setAsking] = useState(false);
  const [pendingCode, setPendingCode] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: profileApi.disableMfa,
    onSuccess: () => {
      setPendingCode(null);
      setAsking(false);
      onDisabled();
    },
    // The dialog closes so the error shows beside the code that caused it.
    onError: () => setPendingCode(null),
  });

  if (!asking) {
    return (
      <Button
        variant="outline"
        // Shade 9: the default red outline is below the 4.5:1 contrast WCAG asks of text on white.
        color="red.9"
        leftSection={<ShieldOff size={16} />}
        onClick={() => setAsking(true)}
        w="fit-content"
      >
        Turn off two-step verification
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <FormAlert
        message={
          disable.isError
            ? profileErrorMessage(disable.error, 'Two-step verification is still on. Please try again.')
            : null
        }
      />
      <CodePrompt
        label="Current authenticator code"
        submitLabel="Turn off"
        submitColor="red"
        pending={disable.isPending}
        onSubmit={(code) => {
          disable.reset();
          setPendingCode(code);
        }}
        onCancel={() => {
          setAsking(false);
          disable.reset();
        }}
      />
      <Modal
        opened={pendingCode !== null}
        onClose={() => !disable.isPending && setPendingCode(null)}
        title="Turn off two-step verification?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Anyone who learns your password could then sign in as you. Your backup codes will stop working.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPendingCode(null)} disabled={disable.isPending}>
              Keep it on
            </Button>
            <Button color="red" loading={disable.isPending} onClick={() => pendingCode && disable.mutate(pendingCode)}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
