import type { TContactImportPreviewRow } from '@kindling/contracts';
import { Badge, Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const ACTION_LABELS = { create: 'New contact', update: 'Updates a contact', skip: 'Skipped: already a contact' };

function Outcome({ row }: { row: TContactImportPreviewRow }) {
  if (row.errors.length > 0)
    return (
      <Text size="sm" c="red.8">
        {row.errors.join(' ')}
      </Text>
    );
  if (!row.action) return null;
  return (
    <Badge
      variant="light"
      color={row.action === 'skip' ? 'gray' : 'blue'}
      style={{ '--badge-color': 'var(--mantine-color-text)' }}
    >
      {ACTION_LABELS[row.action]}
    </Badge>
  );
}

const nameOf = (r: TContactImportPreviewRow) => `${r.cells.first_name ?? ''} ${r.cells.last_name ?? ''}`.trim();

/** The first rows as mapped, each with what the import will do with it, or why it cannot. */
export function ContactImportPreview({ rows }: { rows: TContactImportPreviewRow[] }) {
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (mobile)
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Preview of the first rows">
        {rows.map((r) => (
          <Card key={r.row} withBorder radius="md" p="sm" component="li">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              Row {r.row}: {r.cells.email}
            </Text>
            {nameOf(r) && <Text size="sm">{nameOf(r)}</Text>}
            <Outcome row={r} />
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table aria-label="Preview of the first rows">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Row</Table.Th>
          <Table.Th>E-mail</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>What happens</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.row}>
            <Table.Td>{r.row}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.cells.email}</Table.Td>
            <Table.Td>{nameOf(r)}</Table.Td>
            <Table.Td>
              <Outcome row={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
