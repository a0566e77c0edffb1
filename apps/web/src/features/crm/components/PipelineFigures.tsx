import type { TPipelineFigures } from '@kindling/contracts';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';

type Row = TPipelineFigures['total'][number];

function FigureTable({
  caption,
  label,
  rows,
}: {
  caption: string;
  label: string;
  rows: Array<Row & { name: string }>;
}) {
  const format = useFormat();
  return (
    <Paper withBorder p="sm" radius="md">
      <Table striped fz="sm" captionSide="top" style={{ overflowWrap: 'anywhere' }}>
        <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{label}</Table.Th>
            <Table.Th scope="col" ta="right">
              Deals
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Weighted
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  No open deals.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r) => (
              <Table.Tr key={`${r.name}|${r.currency}`}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td ta="right">{format.count(r.count)}</Table.Td>
                <Table.Td ta="right">{format.money(r.amount_minor, r.currency)}</Table.Td>
                <Table.Td ta="right">{format.money(r.weighted_minor, r.currency)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Open deals (not won or lost), each weighted by its probability, by expected month and by owner. */
export function PipelineFigures({ figures }: { figures: TPipelineFigures }) {
  const format = useFormat();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Weighted pipeline
      </Title>
      <Text size="sm" aria-live="polite" data-testid="pipeline-total">
        {figures.total.length === 0
          ? 'No open deals.'
          : figures.total
              .map(
                (t) =>
                  `${format.money(t.weighted_minor, t.currency)} weighted of ${format.money(t.amount_minor, t.currency)} open`,
              )
              .join(' · ')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <FigureTable
          caption="By expected month"
          label="Month"
          rows={figures.by_month.map((r) => ({ ...r, name: r.month ? format.month(r.month) : 'No expected date' }))}
        />
        <FigureTable
          caption="By owner"
          label="Owner"
          rows={figures.by_owner.map((r) => ({ ...r, name: r.owner?.name ?? 'No owner' }))}
        />
      </SimpleGrid>
    </Stack>
  );
}
