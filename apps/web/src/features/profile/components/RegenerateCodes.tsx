import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { profileApi } from '../api/profile.queries.ts';
import { profileErrorMessage } from '../profile-errors.ts';
import { CodePrompt } from './CodePrompt.tsx';

/** New backup codes (the old ones stop working); asks for a current authenticator code first. */
export function RegenerateCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [asking, setAsking] = useState(false);
  const regenerate = useMutation({
    mutationFn: profileApi.regenerateBackupCodes,
    onSuccess: (data) => {
      setAsking(false);
      onCodes(data.backup_codes);
    },
  });
  if (!asking) {
    return (
      <Button variant="default" leftSection={<RefreshCw size={16} />} onClick={() => setAsking(true)} w="fit-content">
        Generate new backup codes
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <FormAlert
        message={
          regenerate.isError
            ? profileErrorMessage(regenerate.error, 'New codes could not be made. Please try again.')
            : null
        }
      />
      <CodePrompt
        label="Current authenticator code"
        description="Your old backup codes stop working."
        submitLabel="Generate codes"
        pending={regenerate.isPending}
        onSubmit={(code) => regenerate.mutate(code)}
        onCancel={() => {
          setAsking(false);
          regenerate.reset();
        }}
      />
    </Stack>
  );
}
