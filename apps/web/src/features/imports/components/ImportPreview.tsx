import { IMPORT_COLUMNS, type TImportPreviewRow } from '@kindling/contracts';
import { Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const HEADINGS: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  date: 'Date',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  amount: 'Amount',
  currency: 'Currency',
  campaign_url: 'Campaign',
  payment_method: 'Method',
  reference: 'Reference',
};

function Problem({ errors }: { errors: string[] }) {
  if (errors.length === 0) return <Text size="sm">Ready</Text>;
  return (
    <Text size="sm" c="red.8">
      {errors.join(' ')}
    </Text>
  );
}

/** The first rows of the file as read, each with what is wrong with it (or ready). */
export function ImportPreview({ rows }: { rows: TImportPreviewRow[] }) {
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
              {`${r.cells.first_name} ${r.cells.last_name}`.trim()} · {r.cells.email}
            </Text>
            <Text size="xs" c="dimmed">
              {r.cells.date}
            </Text>
            <Problem errors={r.errors} />
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Preview of the first rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {IMPORT_COLUMNS.map((c) => (
              <Table.Th key={c}>{HEADINGS[c]}</Table.Th>
            ))}
            <Table.Th>Check</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {IMPORT_COLUMNS.map((c) => (
                <Table.Td key={c}>{r.cells[c]}</Table.Td>
              ))}
              <Table.Td>
                <Problem errors={r.errors} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
