// A campaign's funnel over the last 30 days of the organisation's calendar, the monthly upsell's
// take-up, and the abandoned gifts donors let us keep (docs/decisions/037-conversion-features.md).
import type { TCampaignConversion } from '@kindling/contracts';
import { Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { type Format, useFormat } from '../../../shared/format.ts';
import { campaignQueries } from '../api/campaigns.queries.ts';

const STEPS = [
  ['views', 'Page views'],
  ['step1', 'Amount chosen'],
  ['payment', 'Payment step'],
  ['gifts', 'Gifts'],
] as const;

function Funnel({ data, format }: { data: TCampaignConversion; format: Format }) {
  const t = data.totals;
  return (
    <Table aria-label="Conversion per step, last 30 days">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Step</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">From the step before</Table.Th>
          <Table.Th ta="right">From page views</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {STEPS.map(([key, label], i) => {
          const before = i > 0 ? t[(STEPS[i - 1] as (typeof STEPS)[number])[0]] : null;
          return (
            <Table.Tr key={key}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td ta="right">{format.count(t[key])}</Table.Td>
              <Table.Td ta="right">{before === null ? '—' : format.percent(t[key], before)}</Table.Td>
              <Table.Td ta="right">{i === 0 ? '—' : format.percent(t[key], t.views)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function Abandoned({ data, format }: { data: TCampaignConversion; format: Format }) {
  if (data.abandoned.length === 0) {
    return <Text size="sm">No abandoned gifts. Donors who tick the box and leave before paying appear here.</Text>;
  }
  // Donor and e-mail share a cell: three columns fit a phone without a scrolling region.
  return (
    <Table aria-label="Abandoned gifts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Donor</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Started</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.abandoned.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {a.name ? `${a.name} · ` : ''}
              {a.email}
            </Table.Td>
            <Table.Td ta="right">
              {format.money(a.amount_minor, a.currency)}
              {a.interval !== 'once' ? ` ${a.interval}` : ''}
            </Table.Td>
            <Table.Td>{format.dateTime(a.started_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ConversionPanel({ campaignId }: { campaignId: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const conversion = useQuery(campaignQueries.conversion(npoId, campaignId));
  const data = conversion.data;
  if (conversion.isError) {
    return (
      <Text size="sm" c="red">
        The conversion figures could not be loaded: {conversion.error.message}
      </Text>
    );
  }
  if (!data) return <Skeleton height={160} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="kd-conversion-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="kd-conversion-title">
            Conversion, last 30 days
          </Title>
          <Funnel data={data} format={format} />
          <Text size="sm">
            Monthly upsell: offered {format.count(data.upsell.offered)} times, accepted{' '}
            {format.count(data.upsell.accepted)} ({format.percent(data.upsell.accepted, data.upsell.offered)}).
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="kd-abandoned-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="kd-abandoned-title">
            Abandoned gifts
          </Title>
          <Abandoned data={data} format={format} />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
