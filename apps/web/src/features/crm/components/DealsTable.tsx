import type { TDeal, TDealStage } from '@kindling/contracts';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';

/** The pipeline as a table: every deal with its stage, amounts and dates. */
export function DealsTable({
  deals,
  stages,
  onOpen,
}: {
  deals: TDeal[];
  stages: TDealStage[];
  onOpen: (id: number) => void;
}) {
  const format = useFormat();
  const label = (key: string) => stages.find((s) => s.key === key)?.label ?? key;
  if (deals.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No deals yet: add the first one with New deal.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Deal</Table.Th>
            <Table.Th scope="col">Contact</Table.Th>
            <Table.Th scope="col">Stage</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Probability
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Weighted
            </Table.Th>
            <Table.Th scope="col">Expected</Table.Th>
            <Table.Th scope="col">Owner</Table.Th>
            <Table.Th scope="col">Next step</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deals.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(d.id)} fz="sm" fw={600} c="var(--mantine-primary-color-filled)">
                  {d.title}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{d.contact.name}</Table.Td>
              <Table.Td>{label(d.stage)}</Table.Td>
              <Table.Td ta="right">{format.money(d.amount_minor, d.currency)}</Table.Td>
              <Table.Td ta="right">{d.probability}%</Table.Td>
              <Table.Td ta="right">{format.money(d.weighted_minor, d.currency)}</Table.Td>
              <Table.Td>{format.day(d.expected_on)}</Table.Td>
              <Table.Td>{d.owner?.name ?? '—'}</Table.Td>
              <Table.Td>{d.next_step || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
