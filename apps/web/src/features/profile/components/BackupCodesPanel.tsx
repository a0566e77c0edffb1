import { Alert, Button, Card, CopyButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { Check, Copy, Download, KeyRound } from 'lucide-react';
import classes from './BackupCodesPanel.module.css';

type Props = {
  codes: string[];
  title: string;
  intro: string;
  onDone: () => void;
};

/** Lines of the downloaded file: who, when, and one code per line. */
export function backupCodesText(codes: string[], email: string, now: Date = new Date()): string {
  return [
    'Kindling backup codes',
    `Account: ${email}`,
    `Created: ${now.toISOString().slice(0, 10)}`,
    'Each code works once. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kindling-backup-codes.txt';
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Backup codes shown once, prominently: in a monospace grid, with Copy and Download, and a button
 * that confirms they are saved (after which they are gone from this browser).
 */
export function BackupCodesPanel({ codes, title, intro, onDone, email }: Props & { email: string }) {
  const text = backupCodesText(codes, email);
  return (
    <Card withBorder padding="lg" className={classes.panel}>
      <Stack gap="md">
        <Group gap="sm">
          <KeyRound size={20} aria-hidden />
          <Title order={2} fz="lg">
            {title}
          </Title>
        </Group>
        <Text size="sm">{intro}</Text>
        <Alert color="orange" variant="light" p="xs">
          These codes will not be shown again. Each one signs you in once if you lose your phone.
        </Alert>
        <List className={classes.grid} listStyleType="none" aria-label="Backup codes">
          {codes.map((code) => (
            <List.Item key={code} className={classes.code}>
              {code}
            </List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={codes.join('\n')} timeout={2500}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <Check size={16} /> : <Copy size={16} />}
                onClick={copy}
                aria-live="polite"
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" leftSection={<Download size={16} />} onClick={() => download(text)}>
            Download (.txt)
          </Button>
          <Button onClick={onDone} ml="auto">
            I have saved these codes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
