import { SIGN_IN_REASON_LABELS, type TConsoleSecurity } from '@kindling/contracts';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleSecurityQuery } from '../api/console-platform.queries.ts';
import { ConsoleBarChart } from '../components/ConsoleBarChart.tsx';
import { ConsoleQueryState } from '../components/ConsoleQueryState.tsx';

const ENTRY = pageEntry('/console/security') ?? {
  title: 'Security',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

/** A titled table, or a sentence when it has no rows. */
function Section({
  title,
  empty,
  headers,
  rows,
}: {
  title: string;
  empty: string;
  headers: string[];
  rows: Array<{ key: string | number; cells: ReactNode[] }>;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <ScrollTable label={title} minWidth={640}>
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  {r.cells.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    <Table.Td key={i}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

function SecurityReport({ d }: { d: TConsoleSecurity }) {
  const format = useFormat();
  const actionLabel = (action: string) => action.replace(/^console\./, '').replace(/_/g, ' ');
  return (
    <>
      <ConsoleBarChart
        id="failed-sign-ins"
        title="Failed sign-ins, last 7 days"
        description="Wrong passwords and codes, and attempts refused after too many, across the platform (UTC days)."
        data={d.failed_sign_ins.by_day.map((p) => ({ label: format.day(p.day), Failed: p.failed }))}
        series={[{ name: 'Failed', color: 'red.7' }]}
        valueFormatter={(n) => format.count(n)}
      />
      <Section
        title="Recent failed sign-ins"
        empty="No failed sign-in in the last 7 days."
        headers={['When', 'E-mail', 'Why', 'Address']}
        rows={d.failed_sign_ins.recent.map((a, i) => ({
          key: `${a.created_at}-${i}`,
          cells: [
            format.dateTime(a.created_at),
            a.email,
            SIGN_IN_REASON_LABELS[a.reason ?? ''] ?? (a.reason === 'unknown_account' ? 'No such account' : '—'),
            a.ip ?? '—',
          ],
        }))}
      />
      <Section
        title="Rate-limit hits"
        empty="No request was refused for going too fast in the last 7 days."
        headers={['Limit', 'Refusals', 'Sources', 'Last']}
        rows={d.rate_limit_hits.map((h) => ({
          key: h.limiter,
          cells: [h.limiter, format.count(h.hits), format.count(h.sources), format.dateTime(h.last_at)],
        }))}
      />
      <Section
        title="Card-testing bursts"
        empty="No card-testing burst in the last 7 days."
        headers={['Started', 'Organisation', 'Counted by', 'Declines']}
        rows={d.card_testing_bursts.map((b) => ({
          key: b.id,
          cells: [
            format.dateTime(b.created_at),
            <Anchor key="o" component={Link} to={`/console/organizations/${b.npo_id}`}>
              {b.organisation}
            </Anchor>,
            b.scope,
            format.count(b.declines),
          ],
        }))}
      />
      <Section
        title="Locked accounts"
        empty="No account is locked."
        headers={['Locked', 'Name', 'E-mail']}
        rows={d.locked_accounts.map((u) => ({
          key: u.id,
          cells: [format.dateTime(u.locked_at), u.name || '—', u.email],
        }))}
      />
      <Section
        title="Console actions"
        empty="No console action yet."
        headers={['When', 'Action', 'Operator', 'Organisation', 'Reason']}
        rows={d.console_actions.map((a) => ({
          key: a.id,
          cells: [
            format.dateTime(a.created_at),
            actionLabel(a.action),
            a.operator ?? '—',
            a.organisation ?? '—',
            a.reason ?? '—',
          ],
        }))}
      />
    </>
  );
}

/** /console/security: sign-in failures, rate limits, card testing, locks and the console's audit. */
export function ConsoleSecurityPage() {
  const security = useQuery(consoleSecurityQuery());
  return (
    <PageFrame entry={ENTRY}>
      <ConsoleQueryState query={security} what="security report">
        {(d) => <SecurityReport d={d} />}
      </ConsoleQueryState>
    </PageFrame>
  );
}
