import { shareLinks } from '@kindling/contracts/peer-share.ts';
import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Copy } from 'lucide-react';

type Props = { url: string; title: string; onShare?: () => void };

/** Copy the page's link or share it by e-mail, WhatsApp, X, Facebook or LinkedIn (links only, no scripts). */
export function SharePanel({ url, title, onShare }: Props) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text fw={600}>Share your page</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label="Your page's link" value={url} readOnly style={{ flex: 1 }} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                leftSection={<Copy size={16} aria-hidden />}
                onClick={() => {
                  copy();
                  onShare?.();
                }}
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="md" aria-label="Share on">
          {shareLinks(url, title).map((link) => (
            <Anchor
              key={link.network}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              onClick={() => onShare?.()}
            >
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
