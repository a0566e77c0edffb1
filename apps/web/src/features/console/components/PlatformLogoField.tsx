import { Button, FileInput, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { consoleApi, consoleKeys } from '../api/console.queries.ts';

/**
 * The platform logo (decision 083): shown in every signed-in shell's top bar and above announcement
 * e-mails. It is uploaded (or removed) at once, with its own reason for the audit log.
 */
export function PlatformLogoField({ url }: { url: string | null }) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.settings() });
    void queryClient.invalidateQueries({ queryKey: ['platform-notice'] });
    setReason('');
    toast('green', message);
  };
  const upload = useMutation({
    mutationFn: (file: File) => consoleApi.uploadLogo(file, reason),
    onSuccess: () => done('Platform logo saved.'),
  });
  const remove = useMutation({
    mutationFn: () => consoleApi.removeLogo(reason),
    onSuccess: () => done('Platform logo removed.'),
  });
  const failed = upload.error ?? remove.error;
  const error = failed ? describeFormError(failed, 'The logo could not be saved. Please try again.') : null;
  const noReason = reason.trim().length < 3;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          Platform logo
        </Title>
        <Group align="center" gap="md">
          {url ? (
            <Image src={url} alt="Current platform logo" h={48} w="auto" fit="contain" radius="sm" bg="gray.0" />
          ) : (
            <Text size="sm" c="dimmed">
              None: the Kindling mark is shown.
            </Text>
          )}
        </Group>
        <TextInput
          label="Reason for the logo change"
          description="Recorded in the audit log with your name. Give it before choosing the image."
          value={reason}
          error={error?.fields.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <FileInput
          label="Upload a logo"
          description="JPEG, PNG or WebP, up to 5 MB. Shown in the top bar of every signed-in page and above e-mails."
          placeholder={upload.isPending ? 'Uploading…' : 'Choose an image'}
          accept="image/png,image/jpeg,image/webp"
          leftSection={<ImageUp size={16} aria-hidden />}
          disabled={upload.isPending || noReason}
          value={null}
          onChange={(file) => file && upload.mutate(file)}
          error={error ? (error.fields.image ?? error.message) : null}
          clearable={false}
        />
        {url ? (
          <Group>
            <Button variant="default" disabled={noReason} loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove logo
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
