import { FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { describeFormError } from '../../../shared/form-errors.ts';
import { organisationApi, type ProfileImageKind } from '../api/organisation.queries.ts';

type Props = {
  kind: ProfileImageKind;
  label: string;
  description: string;
  url: string | null;
  onUploaded: (url: string) => void;
};

/** Uploads the logo or the signature at once (JPEG, PNG or WebP, up to 5 MB) and previews it. */
export function ProfileImageField({ kind, label, description, url, onUploaded }: Props) {
  const upload = useMutation({
    mutationFn: (file: File) => organisationApi.uploadImage(kind, file),
    onSuccess: (data) => onUploaded(data.url),
  });
  const error = upload.error
    ? (describeFormError(upload.error, 'The image could not be uploaded. Please try again.').fields.image ??
      upload.error.message)
    : null;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Stack gap={6} flex="1 1 240px">
        <FileInput
          label={label}
          description={`${description} JPEG, PNG or WebP, up to 5 MB.`}
          placeholder={upload.isPending ? 'Uploading…' : 'Choose an image'}
          accept="image/png,image/jpeg,image/webp"
          leftSection={<ImageUp size={16} aria-hidden />}
          disabled={upload.isPending}
          value={null}
          onChange={(file) => file && upload.mutate(file)}
          error={error}
          clearable={false}
        />
      </Stack>
      {url ? (
        <Image
          src={url}
          alt={`Current ${label.toLowerCase()}`}
          h={64}
          w={kind === 'logo' ? 64 : 160}
          fit="contain"
          radius="sm"
          bg="gray.0"
        />
      ) : (
        <Text size="sm" c="dimmed" mt={28}>
          None yet
        </Text>
      )}
    </Group>
  );
}
