import type { TEmailPreview } from '@kindling/contracts';
import { Alert, Box, Group, Loader, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

type PreviewProps = {
  preview: TEmailPreview | undefined;
  /** The draft has a newer preview on the way. */
  updating: boolean;
  /** Why the draft cannot be previewed (the server's message), if it cannot. */
  error: string | null;
};

/** The e-mail as a donor would see it, rendered by the server with sample values. */
export function TemplatePreview({ preview, updating, error }: PreviewProps) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <Stack gap="xs" component="section" aria-labelledby="email-preview-title">
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Title order={2} size="h4" id="email-preview-title">
            Preview
          </Title>
          {updating ? <Loader role="status" size="xs" aria-label="Updating the preview" /> : null}
        </Group>
        <SegmentedControl
          size="xs"
          value={part}
          onChange={(value) => setPart(value as 'html' | 'text')}
          data={[
            { value: 'html', label: 'Formatted' },
            { value: 'text', label: 'Plain text' },
          ]}
          aria-label="Preview part"
        />
      </Group>
      <Text size="xs" c="dimmed">
        With sample values (a donor called Ada Lovelace, $25.00); the links are examples.
      </Text>
      {error ? (
        <Alert color="red" role="alert" title="The preview cannot be shown">
          {error}
        </Alert>
      ) : null}
      {preview ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-live="polite">
          <Box px="sm" py={6} bg="var(--mantine-color-default-hover)">
            <Text size="sm">
              <Text span fw={600}>
                Subject:{' '}
              </Text>
              <span data-testid="preview-subject">{preview.subject}</span>
            </Text>
          </Box>
          {part === 'html' ? (
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={preview.html}
              style={{ width: '100%', height: 420, border: 0, display: 'block', background: 'white' }}
            />
          ) : (
            <Box
              component="pre"
              p="sm"
              m={0}
              fz="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 420, overflowY: 'auto' }}
            >
              {preview.text}
            </Box>
          )}
        </Paper>
      ) : error ? null : (
        <Skeleton role="status" height={460} aria-label="Loading the preview" />
      )}
    </Stack>
  );
}
