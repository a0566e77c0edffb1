// The pledges of an all-or-nothing page for staff (docs/product/crowdfunding.md#staff): where the settlement
// stands, what is saved and not yet charged, and each pledge's state with its reward, plus their CSV export.
import type { TCrowdfundingDetail, TPledgeAdmin } from '@kindling/contracts';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Download } from 'lucide-react';
import { useFormat } from '../../../shared/format.ts';

const STATUS: Record<TPledgeAdmin['status'], { label: string; color: string }> = {
  saving: { label: 'Entering card', color: 'gray' },
  pledged: { label: 'Card saved', color: 'blue' },
  charging: { label: 'Charging', color: 'yellow' },
  charged: { label: 'Charged', color: 'green' },
  failed: { label: 'Card declined', color: 'red' },
  released: { label: 'Released', color: 'gray' },
};

/** The settlement in a sentence: before the deadline, met or missed. */
export function settlementText(detail: Pick<TCrowdfundingDetail, 'settlement' | 'days_left'>): string {
  if (detail.settlement === 'met') return 'Goal met: the saved cards have been charged.';
  if (detail.settlement === 'missed') return 'Goal missed: nobody was charged and every pledge was released.';
  if (detail.days_left !== null && detail.days_left <= 0) return 'Deadline passed: settling the pledges.';
  return 'Cards are saved now and charged only if the goal is met by the deadline.';
}

export function PledgesPanel({ detail }: { detail: TCrowdfundingDetail }) {
  const format = useFormat();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {settlementText(detail)} Saved and not yet charged: {format.money(detail.pledged_minor, detail.currency)}.
      </Text>
      <Group>
        <Button
          component="a"
          variant="light"
          href={`/api/v1/npo_admin/crowdfunding/${detail.id}/pledges.csv`}
          download
          leftSection={<Download size={16} />}
        >
          Export pledges (CSV)
        </Button>
      </Group>
      {detail.pledge_list.length === 0 ? (
        <Text c="dimmed">No pledges yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Pledges">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Backer</Table.Th>
                <Table.Th>Pledge</Table.Th>
                <Table.Th>Reward</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.pledge_list.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {p.name || p.email}
                    <Text size="xs" c="dimmed">
                      {p.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{format.money(p.amount_minor, p.currency)}</Table.Td>
                  <Table.Td>
                    {p.reward ?? '—'}
                    {p.shipping_address && (
                      <Text size="xs" c="dimmed">
                        Send to {p.shipping_address}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS[p.status].color} variant="light">
                      {STATUS[p.status].label}
                    </Badge>
                    {p.failure_message && (
                      <Text size="xs" c="dimmed">
                        {p.failure_message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{format.date(p.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
