import type { TLapsedAnalysis } from '@kindling/contracts';
import { givingYearLabel } from '@kindling/contracts/giving-year-rules.ts';
import { BarChart } from '@mantine/charts';
import { Anchor, SimpleGrid, Table, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { ChartCard, cardState } from './ChartCard.tsx';
import { Figure } from './Figure.tsx';

type Query = { data?: TLapsedAnalysis; isError: boolean; refetch: () => unknown };
type Donor = TLapsedAnalysis['lybunt']['donors'][number];

function DonorTable({
  donors,
  money,
  amountLabel,
}: {
  donors: Donor[];
  money: (m: number) => string;
  amountLabel: string;
}) {
  const format = useFormat();
  if (donors.length === 0)
    return (
      <Text size="sm" c="dimmed" py="sm">
        No donors in this group.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Donor</Table.Th>
            <Table.Th>Last gift</Table.Th>
            <Table.Th ta="right">{amountLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donors.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/donor/${d.id}`} size="sm">
                  {d.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{format.date(d.last_gift_at)}</Table.Td>
              <Table.Td ta="right">
                {money(amountLabel === 'Lifetime' ? d.lifetime_amount : d.last_year_amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** LYBUNT and SYBUNT donors by the organisation's giving year, with the most recently lapsed listed. */
export function LapsedSection({ query }: { query: Query }) {
  const format = useFormat();
  const data = query.data;
  const money = (minor: number) => format.money(minor, data?.currency ?? 'USD');
  const year = data ? givingYearLabel(data.giving_year, data.fiscal_year_start_month) : '';
  const previous = data ? givingYearLabel(data.giving_year - 1, data.fiscal_year_start_month) : '';
  return (
    <ChartCard
      title="Lapsed donors"
      id="lapsed"
      description={
        data
          ? `LYBUNT: gave in ${previous} but not yet in ${year}. SYBUNT: gave in some earlier year, but neither in ${previous} nor in ${year}.`
          : undefined
      }
      state={cardState(query, false)}
      onRetry={() => void query.refetch()}
      rows={
        data && [
          { label: 'LYBUNT', value: `${data.lybunt.count} donors, ${money(data.lybunt.amount)} last year` },
          { label: 'SYBUNT', value: `${data.sybunt.count} donors, ${money(data.sybunt.amount)} lifetime` },
        ]
      }
      details={data && <LapsedLists data={data} money={money} />}
      summary={
        data && (
          <SimpleGrid cols={2} spacing="xs">
            <Figure
              label="LYBUNT donors"
              value={format.count(data.lybunt.count)}
              hint={`${money(data.lybunt.amount)} given last year`}
            />
            <Figure
              label="SYBUNT donors"
              value={format.count(data.sybunt.count)}
              hint={`${money(data.sybunt.amount)} given in all`}
            />
          </SimpleGrid>
        )
      }
    >
      <BarChart
        accessibilityLayer={false}
        h={140}
        orientation="vertical"
        data={[
          { group: 'LYBUNT', Donors: data?.lybunt.count ?? 0 },
          { group: 'SYBUNT', Donors: data?.sybunt.count ?? 0 },
        ]}
        dataKey="group"
        series={[{ name: 'Donors', color: 'orange.6' }]}
        yAxisProps={{ width: 70 }}
      />
    </ChartCard>
  );
}

function LapsedLists({ data, money }: { data: TLapsedAnalysis; money: (minor: number) => string }) {
  return (
    <Tabs defaultValue="lybunt" mt="sm">
      <Tabs.List>
        <Tabs.Tab value="lybunt">LYBUNT ({data.lybunt.count})</Tabs.Tab>
        <Tabs.Tab value="sybunt">SYBUNT ({data.sybunt.count})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="lybunt">
        <DonorTable donors={data.lybunt.donors} money={money} amountLabel="Last year" />
      </Tabs.Panel>
      <Tabs.Panel value="sybunt">
        <DonorTable donors={data.sybunt.donors} money={money} amountLabel="Lifetime" />
      </Tabs.Panel>
    </Tabs>
  );
}
