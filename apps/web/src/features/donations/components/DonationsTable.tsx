import { formatMoney, INTERVAL_LABELS, type TDonation, type TDonationStatus } from '@kindling/contracts';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';

const STATUS_COLORS: Record<TDonationStatus, string> = {
  succeeded: 'green',
  pending: 'yellow',
  failed: 'red',
  refunded: 'gray',
};
const STATUS_LABELS: Record<TDonationStatus, string> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const donorName = (d: TDonation) => `${d.donor.first_name} ${d.donor.last_name}`.trim() || 'Anonymous';

/** The status as a word; colour only repeats it. */
function DonationStatus({ status }: { status: TDonationStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Desktop: one row per donation, newest first (the server's order). */
export function DonationsTable({ donations }: { donations: TDonation[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" aria-label="Donations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Donor</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Amount
            </Table.Th>
            <Table.Th scope="col">Interval</Table.Th>
            <Table.Th scope="col">Designation</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donations.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateFormat.format(new Date(d.created_at))}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {donorName(d)}
                </Text>
                <Text size="xs" c="dimmed">
                  {d.donor.email}
                </Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(d.amount_minor, d.currency)} {d.currency}
              </Table.Td>
              <Table.Td>{INTERVAL_LABELS[d.interval]}</Table.Td>
              <Table.Td>{d.designation ?? '—'}</Table.Td>
              <Table.Td>
                <DonationStatus status={d.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a card per donation. */
export function DonationCards({ donations }: { donations: TDonation[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Donations">
      {donations.map((d) => (
        <Card key={d.id} component="li" withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {donorName(d)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {d.donor.email}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(d.amount_minor, d.currency)} {d.currency}
            </Text>
          </Group>
          <Group gap="xs" mt={6}>
            <DonationStatus status={d.status} />
            <Text size="xs" c="dimmed">
              {dateFormat.format(new Date(d.created_at))} · {INTERVAL_LABELS[d.interval]}
              {d.designation ? ` · ${d.designation}` : ''}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
