import { MEMBERSHIP_STATUS_LABELS } from '@kindling/contracts';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMemberships } from '../api/portal.queries.ts';
import type { PortalSource } from '../api/portal-api.ts';
import { usePortalFormat } from './PortalBits.tsx';

/**
 * The donor's memberships, each with its member card (docs/product/memberships.md#member-card).
 * Shown only to a donor who has one: most donors are not members.
 */
export function MembershipList({ source }: { source: PortalSource }) {
  const format = usePortalFormat(source);
  const memberships = useMemberships(source);
  const list = memberships.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Memberships">
      <Title order={2} fz="xl">
        Memberships
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Your memberships">
        {list.map((m) => (
          <Paper key={m.id} withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{m.tier}</Text>
                  <Badge variant="light">{MEMBERSHIP_STATUS_LABELS[m.status]}</Badge>
                </Group>
                {m.period_end ? (
                  <Text size="sm" c="dimmed">
                    {m.status === 'lapsed' || m.status === 'cancelled' ? 'Ended' : 'Valid until'}{' '}
                    {format.date(m.period_end)}
                  </Text>
                ) : null}
              </Stack>
              <Anchor component={Link} to={m.card_path} aria-label={`Open the ${m.tier} member card`}>
                Member card
              </Anchor>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
