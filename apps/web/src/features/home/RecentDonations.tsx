import type { THomeAnalysis } from '@kindling/contracts';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormat } from '../../shared/format.ts';
import { ChartCard, cardState } from '../analysis/index.ts';

type Query = { data?: THomeAnalysis; isError: boolean; refetch: () => unknown };

const STATUS_COLOURS: Record<string, string> = {
  succeeded: 'teal',
  refunded: 'gray',
  failed: 'red',
  pending: 'yellow',
};

/** The latest donations of any status, each a link to its page. */
export function RecentDonations({ query }: { query: Query }) {
  const format = useFormat();
  const donations = query.data?.recent_donations ?? [];
  return (
    <ChartCard
      title="Recent donations"
      id="recent-donations"
      state={cardState(query, donations.length === 0)}
      emptyText="No donations yet. Share a campaign to receive your first gift."
      onRetry={() => void query.refetch()}
      details={
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {donations.map((d) => (
            <Group key={d.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/dashboard/donation/${d.id}`} size="sm" fw={500} truncate>
                  {d.donor_name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {format.date(d.created_at)}
                  {d.campaign_name ? ` · ${d.campaign_name}` : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {d.status !== 'succeeded' && (
                  <Badge size="xs" variant="light" color={STATUS_COLOURS[d.status] ?? 'gray'}>
                    {d.status}
                  </Badge>
                )}
                <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {format.money(d.amount_minor, d.currency)}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      }
    />
  );
}
