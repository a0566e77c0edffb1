import { IMPORT_COLUMNS, type TImportPreviewRow } from '@kindling/contracts';
import { Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ScrollTable } from '../../../system/ScrollTable.tsx';

/** A column of the preview table: its heading and the cell (by default the CSV column `key` as written). */
export type PreviewColumn = { key: string; label: string; value?: (cells: Record<string, string>) => string };

const DONATION_COLUMNS: PreviewColumn[] = IMPORT_COLUMNS.map((key) => ({
  key,
  label: {
    date: 'Date',
    first_name: 'First name',
    last_name: 'Last name',
    email: 'E-mail',
    amount: 'Amount',
    currency: 'Currency',
    campaign_url: 'Campaign',
    payment_method: 'Method',
    reference: 'Reference',
  }[key],
}));

function Problem({ errors }: { errors: string[] }) {
  if (errors.length === 0) return <Text size="sm">Ready</Text>;
  return (
    <Text size="sm" c="red.8">
      {errors.join(' ')}
    </Text>
  );
}

/**
 * The first rows of the file as read, each with what is wrong with it (or ready): a table from
 * 768 px, a card per row on a phone (who, amount, e-mail, and the kind's own `detail` line).
 */
export function ImportPreview({
  rows,
  columns = DONATION_COLUMNS,
  detail = (cells) => cells.date ?? '',
}: {
  rows: TImportPreviewRow[];
  columns?: PreviewColumn[];
  detail?: (cells: Record<string, string>) => string;
}) {
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (mobile)
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Preview of the first rows">
        {rows.map((r) => (
          <Card key={r.row} withBorder radius="md" p="sm" component="li">
            <Text size="sm" fw={600}>
              Row {r.row}: {r.cells.amount} {r.cells.currency}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {`${r.cells.first_name ?? ''} ${r.cells.last_name ?? ''}`.trim()} · {r.cells.email}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail(r.cells)}
            </Text>
            <Problem errors={r.errors} />
          </Card>
        ))}
      </Stack>
    );
  return (
    <ScrollTable label="The file's first rows" minWidth={900}>
      <Table striped aria-label="Preview of the first rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
            <Table.Th>Check</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.value ? c.value(r.cells) : r.cells[c.key]}</Table.Td>
              ))}
              <Table.Td>
                <Problem errors={r.errors} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
