import { ActionIcon, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { campaignApi, type ImagePurpose } from '../../api/campaigns.queries.ts';

type ImageFieldProps = {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  campaignId: number | null;
  purpose: ImagePurpose;
  error?: React.ReactNode;
};

/** An image stored by the upload endpoint (JPEG, PNG or WebP, up to 5 MB), with a preview and remove. */
export function ImageField({ label, value, onChange, campaignId, purpose, error }: ImageFieldProps) {
  const upload = useMutation({
    mutationFn: (file: File) => campaignApi.uploadImage(campaignId ?? 0, purpose, file),
    onSuccess: (data) => onChange(data.image_url),
  });
  const hint = campaignId === null ? 'Save the campaign once to upload images.' : 'JPEG, PNG or WebP, up to 5 MB.';
  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={hint}
        placeholder={upload.isPending ? 'Uploading…' : 'Choose an image'}
        accept="image/png,image/jpeg,image/webp"
        leftSection={<ImageUp size={16} aria-hidden />}
        disabled={campaignId === null || upload.isPending}
        value={null}
        onChange={(file) => file && upload.mutate(file)}
        error={upload.error?.message ?? error}
        clearable={false}
      />
      {value ? (
        <Group gap="sm" wrap="nowrap">
          <Image src={value} alt={`${label} preview`} h={64} w={96} fit="cover" radius="sm" />
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} flex={1}>
            {value}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
          >
            <Trash2 size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ) : null}
    </Stack>
  );
}
