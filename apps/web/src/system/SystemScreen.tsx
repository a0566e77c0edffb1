import { Box, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { KindlingMark } from './KindlingMark.tsx';

type Props = {
  icon: ReactNode;
  title: string;
  body: ReactNode;
  actions?: ReactNode;
  /** Show the logo above the message (pages outside the shell). */
  withMark?: boolean;
  color?: string;
};

/** The frame of the system screens: a centred icon, title, message and actions. */
export function SystemScreen({ icon, title, body, actions, withMark = true, color = 'orange' }: Props) {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={440} ta="center">
        {withMark && (
          <Box mb="lg">
            <KindlingMark />
          </Box>
        )}
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {actions}
      </Stack>
    </Center>
  );
}
