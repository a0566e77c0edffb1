import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { Flame } from 'lucide-react';
import { Link } from 'react-router';

/** The small text logo used on system and sign-in screens; it links home. */
export function KindlingMark({ to = '/' }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label="Kindling home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon radius="md" size={32} variant="filled" aria-hidden>
          <Flame size={18} />
        </ThemeIcon>
        <Text fw={700} fz="lg" component="span">
          Kindling
        </Text>
      </Group>
    </Anchor>
  );
}
