import type { TOrganisationStats } from '@kindling/contracts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormat } from '../../shared/format.ts';

/** The campaigns that raised the most, from the same statistics call; a sentence when there are none. */
export function TopCampaigns({ stats }: { stats: TOrganisationStats }) {
  const format = useFormat();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="top-campaigns-heading">
      <Title order={2} size="h4" id="top-campaigns-heading" mb="sm">
        Top campaigns
      </Title>
      {stats.top_campaigns.length === 0 ? (
        <Text size="sm" c="dimmed">
          No campaign has received a donation yet. Your best-performing campaigns will be listed here.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {stats.top_campaigns.map((campaign) => (
            <Group key={campaign.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={500} truncate>
                {campaign.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {format.money(campaign.raised, stats.currency)} · {format.count(campaign.donations)}{' '}
                {campaign.donations === 1 ? 'gift' : 'gifts'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
