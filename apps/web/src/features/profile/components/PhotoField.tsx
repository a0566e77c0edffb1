import type { TProfile } from '@kindling/contracts';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useSession } from '../../../session/session-context.ts';
import { profileApi, profileKeys } from '../api/profile.queries.ts';
import { profileErrorMessage } from '../profile-errors.ts';

/** The photo: upload (JPEG, PNG or WebP, up to 5 MB) or remove; the top bar's avatar follows. */
export function PhotoField({ profile }: { profile: TProfile }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const onSaved = async (saved: TProfile) => {
    queryClient.setQueryData(profileKeys.profile(), saved);
    await session.refresh();
  };
  const upload = useMutation({ mutationFn: profileApi.uploadPhoto, onSuccess: onSaved });
  const remove = useMutation({ mutationFn: profileApi.removePhoto, onSuccess: onSaved });
  const failed = upload.error ?? remove.error;
  const busy = upload.isPending || remove.isPending;
  const name = `${profile.first_name} ${profile.last_name}`.trim();

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={profile.photo_url ?? undefined}
        alt={profile.photo_url ? 'Your photo' : ''}
        name={name}
        color="orange"
        radius="xl"
        size={72}
      />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton
            accept="image/png,image/jpeg,image/webp"
            onChange={(file) => {
              if (!file) return;
              remove.reset();
              upload.mutate(file);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<ImageUp size={14} />}
                loading={upload.isPending}
                disabled={busy}
              >
                {profile.has_uploaded_photo ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {profile.has_uploaded_photo && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<Trash2 size={14} />}
              onClick={() => {
                upload.reset();
                remove.mutate();
              }}
              loading={remove.isPending}
              disabled={busy}
            >
              Remove photo
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, up to 5 MB.
        </Text>
        {failed && (
          <Text size="sm" c="red" role="alert">
            {profileErrorMessage(failed, 'The photo could not be saved. Please try again.')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
