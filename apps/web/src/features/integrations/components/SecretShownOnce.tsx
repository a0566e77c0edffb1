import { Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { Copy } from 'lucide-react';

/** A secret shown once after it is made (an API key, a webhook signing secret), with a copy button. */
export function SecretShownOnce(props: {
  title: string;
  hint: string;
  secret: string;
  /** The accessible name of the secret, such as "New API key". */
  secretLabel: string;
  copyLabel: string;
  onDone: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" role="status" style={{ borderColor: 'var(--mantine-color-green-7)' }}>
      <Stack gap="xs">
        <Text fw={600}>{props.title}</Text>
        <Text size="sm">{props.hint}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere', flex: 1 }} aria-label={props.secretLabel}>
            {props.secret}
          </Code>
          <CopyButton value={props.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" leftSection={<Copy size={14} aria-hidden />} onClick={copy}>
                {copied ? 'Copied' : props.copyLabel}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button size="xs" variant="default" onClick={props.onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
