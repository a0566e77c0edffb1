import { INTERVAL_LABELS, type TDonation, type TDonationListSort, type TDonationStatus } from '@kindling/contracts';
import { Anchor, Badge, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Format, useFormat } from '../../../shared/format.ts';

// One donations table for every list of gifts: a campaign's donations (newest first, no sorting)
// and the organisation's donations list (sortable headers, campaign and method columns, each row
// opening the donation's page).

const STATUS_COLORS: Record<TDonationStatus, string> = {
  succeeded: 'green',
  pending: 'yellow',
  failed: 'red',
  refunded: 'gray',
};
export const DONATION_STATUS_LABELS: Record<TDonationStatus, string> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** What a row needs; the list's rows add the campaign and the payment method. */
export type DonationsTableRow = Pick<
  TDonation,
  'id' | 'created_at' | 'donor' | 'amount_minor' | 'currency' | 'interval' | 'designation' | 'status'
> &
  Partial<Pick<TDonation, 'campaign_name' | 'payment_method'>>;

export type DonationsSort = {
  by: TDonationListSort;
  order: 'asc' | 'desc';
  onChange: (by: TDonationListSort, order: 'asc' | 'desc') => void;
};

type TableOptions = {
  /** Sortable Date, Donor and Amount headers (the server sorts). */
  sort?: DonationsSort;
  /** Each donor name links to the donation's page. */
  linkRows?: boolean;
  /** Campaign and payment method columns, for lists across campaigns. */
  showCampaign?: boolean;
};

export const donorName = (d: Pick<TDonation, 'donor'>) =>
  `${d.donor.first_name} ${d.donor.last_name}`.trim() || 'Anonymous';
export const donationPath = (id: number) => `/dashboard/donation/${id}`;
const amountOf = (d: DonationsTableRow, format: Format) => `${format.money(d.amount_minor, d.currency)} ${d.currency}`;

/** The status as a word; colour only repeats it. */
export function DonationStatus({ status }: { status: TDonationStatus }) {
  return (
    // The page's text colour on the tinted background: the light variant's own green or yellow text
    // fails the contrast check on small type, in both colour schemes.
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ '--badge-color': 'var(--mantine-color-text)' }}>
      {DONATION_STATUS_LABELS[status]}
    </Badge>
  );
}

const SORT_LABELS: Record<TDonationListSort, string> = { date: 'Date', donor_name: 'Donor', amount: 'Amount' };

/** A header that sorts by its column: first click descending for date and amount, ascending for names. */
function SortableTh({ column, sort, align }: { column: TDonationListSort; sort?: DonationsSort; align?: 'right' }) {
  const label = SORT_LABELS[column];
  if (!sort) {
    return (
      <Table.Th scope="col" style={align ? { textAlign: align } : undefined}>
        {label}
      </Table.Th>
    );
  }
  const active = sort.by === column;
  const firstOrder = column === 'donor_name' ? 'asc' : 'desc';
  const next = active ? (sort.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  const Icon = active ? (sort.order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={align ? { textAlign: align } : undefined}
    >
      <UnstyledButton
        onClick={() => sort.onChange(column, next)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden opacity={active ? 1 : 0.5} />
      </UnstyledButton>
    </Table.Th>
  );
}

function DonorCell({ d, link }: { d: DonationsTableRow; link?: boolean }) {
  const name: ReactNode = link ? (
    <Anchor component={Link} to={donationPath(d.id)} size="sm" fw={500}>
      {donorName(d)}
    </Anchor>
  ) : (
    <Text size="sm" fw={500}>
      {donorName(d)}
    </Text>
  );
  return (
    <>
      {name}
      <Text size="xs" c="dimmed">
        {d.donor.email}
      </Text>
    </>
  );
}

/** Desktop: one row per donation in the server's order. */
export function DonationsTable({
  donations,
  sort,
  linkRows,
  showCampaign,
}: { donations: DonationsTableRow[] } & TableOptions) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={showCampaign ? 960 : 820}>
      <Table verticalSpacing="sm" aria-label="Donations" highlightOnHover={linkRows}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="date" sort={sort} />
            <SortableTh column="donor_name" sort={sort} />
            <SortableTh column="amount" sort={sort} align="right" />
            {showCampaign ? <Table.Th scope="col">Campaign</Table.Th> : null}
            <Table.Th scope="col">Interval</Table.Th>
            <Table.Th scope="col">Designation</Table.Th>
            {showCampaign ? <Table.Th scope="col">Method</Table.Th> : null}
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donations.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(d.created_at)}</Table.Td>
              <Table.Td>
                <DonorCell d={d} link={linkRows} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {amountOf(d, format)}
              </Table.Td>
              {showCampaign ? <Table.Td>{d.campaign_name ?? '—'}</Table.Td> : null}
              <Table.Td>{INTERVAL_LABELS[d.interval]}</Table.Td>
              <Table.Td>{d.designation ?? '—'}</Table.Td>
              {showCampaign ? <Table.Td>{d.payment_method ?? '—'}</Table.Td> : null}
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

/** Phones: a card per donation; with `linkRows` the donor's name opens the donation. */
export function DonationCards({
  donations,
  linkRows,
  showCampaign,
}: { donations: DonationsTableRow[] } & TableOptions) {
  const format = useFormat();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Donations">
      {donations.map((d) => (
        <Card key={d.id} component="li" withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              {linkRows ? (
                <Anchor component={Link} to={donationPath(d.id)} size="sm" fw={600} truncate>
                  {donorName(d)}
                </Anchor>
              ) : (
                <Text size="sm" fw={600} truncate>
                  {donorName(d)}
                </Text>
              )}
              <Text size="xs" c="dimmed" truncate>
                {d.donor.email}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {amountOf(d, format)}
            </Text>
          </Group>
          <Group gap="xs" mt={6}>
            <DonationStatus status={d.status} />
            <Text size="xs" c="dimmed">
              {format.date(d.created_at)} · {INTERVAL_LABELS[d.interval]}
              {showCampaign && d.campaign_name ? ` · ${d.campaign_name}` : ''}
              {d.designation ? ` · ${d.designation}` : ''}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
