import type { TStatementBasis, TStatementOverview, TStatementPreviewDonor, TStatementRun } from '@kindling/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { type StatementPeriod, statementApi, statementKeys, statementQueries } from '../api/statements.queries.ts';

const ENTRY: PageEntry = pageEntry('/dashboard/reports/statements') ?? {
  section: 'Finance',
  title: 'Year-end statements',
  description: 'E-mail every donor their annual giving statement in one run, and print the rest for post.',
  emptyTitle: 'No statements yet',
};
const POLL_MS = 1000;

/** The year and basis live in the address, so the page can be reloaded and shared. */
function usePeriod(): [StatementPeriod, (p: StatementPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const now = new Date().getFullYear();
  const year = Number(params.get('year')) || now - 1;
  const basis: TStatementBasis = params.get('basis') === 'calendar' ? 'calendar' : 'fiscal';
  return [{ year, basis }, (p) => setParams({ year: String(p.year), basis: p.basis }, { replace: true })];
}

function DonorTable({
  donors,
  currency,
  caption,
}: {
  donors: TStatementPreviewDonor[];
  currency: string;
  caption: string;
}) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Donor</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th ta="right">Gifts</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donors.map((d) => (
            <Table.Tr key={d.donor_id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/donor/${d.donor_id}`} size="sm">
                  {d.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {d.email ?? '—'}
                {d.sent_at && (
                  <Badge ml="xs" size="sm" variant="light" color="gray">
                    Sent {format.date(d.sent_at)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{format.count(d.gift_count)}</Table.Td>
              <Table.Td ta="right">{format.money(d.total_base_minor, currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A run's progress while it sends, then its log of what was sent. */
function RunProgress({ run, currency }: { run: TStatementRun; currency: string }) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const detail = useQuery({
    ...statementQueries.run(npoId, run.id),
    refetchInterval: (q) => {
      if (q.state.data?.status === 'done') {
        void client.invalidateQueries({ queryKey: [...statementKeys.all, 'overview'] });
        return false;
      }
      return POLL_MS;
    },
  });
  const s = detail.data ?? { ...run, log: [] };
  const done = s.status === 'done';
  const percent = s.to_send === 0 ? 100 : Math.round((s.sent / s.to_send) * 100);
  return (
    <Stack gap="xs">
      <Progress value={done ? 100 : percent} animated={!done} aria-label="Statements sent" />
      <Text size="sm" role="status">
        {done
          ? `Run finished: ${format.count(s.sent)} statements e-mailed, ${format.count(s.already_sent)} donors already had theirs, ${format.count(s.without_email)} to post.`
          : `Sending… ${format.count(s.sent)} of ${format.count(s.to_send)} statements`}
      </Text>
      {s.log.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Caption>What this run sent, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Donor</Table.Th>
                <Table.Th>Sent to</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.log.map((line) => (
                <Table.Tr key={line.donor_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/donor/${line.donor_id}`} size="sm">
                      {line.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{line.email}</Table.Td>
                  <Table.Td ta="right">{format.money(line.total_base_minor, currency)}</Table.Td>
                  <Table.Td>{format.dateTime(line.sent_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function RunsLog({ runs, onOpen }: { runs: TStatementRun[]; onOpen: (run: TStatementRun) => void }) {
  const format = useFormat();
  if (runs.length === 0) return <Text size="sm">No statements have been sent yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table>
        <Table.Caption>Every run, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Year</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Already had it</Table.Th>
            <Table.Th ta="right">To post</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" onClick={() => onOpen(r)}>
                  {format.dateTime(r.created_at)}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.period_label}</Table.Td>
              <Table.Td ta="right">{format.count(r.sent)}</Table.Td>
              <Table.Td ta="right">{format.count(r.already_sent)}</Table.Td>
              <Table.Td ta="right">{format.count(r.without_email)}</Table.Td>
              <Table.Td>{r.started_by ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Summary({ o, period }: { o: TStatementOverview; period: StatementPeriod }) {
  const format = useFormat();
  const toSend = o.with_email - o.already_sent;
  return (
    <Text size="sm" aria-live="polite">
      {`${o.period_label}: ${format.count(o.donors)} donors gave. ${format.count(toSend)} statements to e-mail`}
      {o.already_sent > 0 ? `, ${format.count(o.already_sent)} already sent` : ''}
      {`, ${format.count(o.donors - o.with_email)} without an e-mail address to post.`}
      {period.basis === 'fiscal' && o.fiscal_year_start_month === 1 ? ' Your fiscal year is the calendar year.' : ''}
    </Text>
  );
}

/** /dashboard/reports/statements: year-end statements in bulk (docs/product/reports.md#year-end-statements). */
export function StatementsPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [period, setPeriod] = usePeriod();
  const overview = useQuery(statementQueries.overview(npoId, period));
  const [open, setOpen] = useState<TStatementRun | null>(null);
  const start = useMutation({ mutationFn: () => statementApi.start(period), onSuccess: setOpen });
  const o = overview.data;
  const now = new Date().getFullYear();
  const years = Array.from({ length: 8 }, (_, i) => String(now - i));
  return (
    <PageFrame entry={ENTRY}>
      <Anchor component={Link} to="/dashboard/reports" size="sm">
        Back to reports
      </Anchor>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Year"
            data={years}
            value={String(period.year)}
            onChange={(e) => setPeriod({ ...period, year: Number(e.currentTarget.value) })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="statement-basis">
              Year runs
            </Text>
            <SegmentedControl
              aria-labelledby="statement-basis"
              value={period.basis}
              onChange={(v) => setPeriod({ ...period, basis: v as TStatementBasis })}
              data={[
                { value: 'fiscal', label: 'Fiscal year' },
                { value: 'calendar', label: 'Calendar year' },
              ]}
            />
          </Stack>
        </Group>
      </Paper>
      {overview.isError && <Alert color="red">We could not load the statements. Please try again.</Alert>}
      {o && (
        <Stack gap="md" aria-busy={overview.isPlaceholderData}>
          <Summary o={o} period={period} />
          <Group gap="sm" wrap="wrap">
            <Button
              leftSection={<Send size={16} aria-hidden />}
              loading={start.isPending}
              disabled={o.with_email - o.already_sent === 0}
              onClick={() => start.mutate()}
            >
              E-mail {o.with_email - o.already_sent} statements
            </Button>
            {o.preview.length > 0 && (
              <Button
                component="a"
                href={statementApi.previewHref(period)}
                download
                variant="default"
                leftSection={<FileDown size={16} aria-hidden />}
              >
                Preview the first statements (PDF)
              </Button>
            )}
          </Group>
          {start.isError && (
            <Alert color="red" role="alert">
              {start.error.message}
            </Alert>
          )}
          {open && (
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
              <Title order={2} size="h4" mb="xs">
                Run of {open.period_label}
              </Title>
              <RunProgress key={open.id} run={open} currency={o.base_currency} />
            </Paper>
          )}
          {o.preview.length > 0 && (
            <DonorTable donors={o.preview} currency={o.base_currency} caption="The first statements, in name order" />
          )}
          <Title order={2} size="h4">
            To post
          </Title>
          {o.without_email.length === 0 ? (
            <Text size="sm">Every donor of {o.period_label} has an e-mail address.</Text>
          ) : (
            <>
              <Button
                component="a"
                href={statementApi.postHref(period)}
                download
                variant="default"
                w="fit-content"
                leftSection={<FileDown size={16} aria-hidden />}
              >
                Statements to print, one per page (PDF)
              </Button>
              <DonorTable
                donors={o.without_email}
                currency={o.base_currency}
                caption="Donors without an e-mail address"
              />
            </>
          )}
          <Title order={2} size="h4">
            Runs
          </Title>
          <RunsLog runs={o.runs} onOpen={setOpen} />
        </Stack>
      )}
    </PageFrame>
  );
}
