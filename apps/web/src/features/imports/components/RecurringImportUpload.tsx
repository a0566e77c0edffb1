import {
  RECURRING_IMPORT_COLUMNS,
  sampleRecurringImportCsv,
  type TRecurringImportSummary,
  type TRecurringImportUploadResponse,
} from '@kindling/contracts';
import { Alert, Anchor, Button, FileInput, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { recurringImportApi, recurringImportKeys, recurringImportQueries } from '../api/recurring-imports.queries.ts';
import { PROGRESS_POLL_MS } from './ImportUpload.tsx';
import { ended, plural } from './import-bits.tsx';
import { RecurringImportErrorsLink } from './RecurringImportHistory.tsx';

/** The sample's dates start tomorrow, on the browser's calendar: every row is in the future. */
function SampleLink() {
  const today = new Date().toISOString().slice(0, 10);
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleRecurringImportCsv(today))}`;
  return (
    <Anchor href={href} download="recurring-plans-sample.csv" size="sm">
      <Download size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      Download a sample CSV (ten plans, works in sandbox mode)
    </Anchor>
  );
}

function Progressing({ id, onDone }: { id: number; onDone: () => void }) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const query = useQuery({
    ...recurringImportQueries.one(npoId, id),
    refetchInterval: (q) => (ended(q.state.data?.status) ? false : PROGRESS_POLL_MS),
  });
  const s = query.data;
  const done = ended(s?.status);
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: recurringImportKeys.list(npoId) });
  }, [done, client, npoId]);
  if (!s) return <Progress value={0} aria-label="Import progress" animated />;
  const percent = s.valid_rows === 0 ? 100 : Math.round((s.processed_rows / s.valid_rows) * 100);
  return (
    <Stack gap="xs">
      <Progress value={s.status === 'finished' ? 100 : percent} animated={!done} aria-label="Import progress" />
      <Text size="sm" role="status">
        {s.status === 'finished'
          ? `Import finished: ${plural(format, s.imported_count, 'plan')} imported, ${format.count(s.skipped_count)} already imported, ${plural(format, s.failed_count, 'row')} could not be imported.`
          : s.status === 'failed'
            ? (s.failure_message ?? 'The import stopped before the end.')
            : `Checking with the provider and importing… ${format.count(s.processed_rows)} of ${format.count(s.valid_rows)} rows`}
      </Text>
      {done && (
        <Group gap="md">
          <RecurringImportErrorsLink summary={s} />
          <Button variant="light" size="xs" onClick={onDone}>
            Import another file
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Preview({ checked }: { checked: TRecurringImportUploadResponse }) {
  const shown = ['first_name', 'last_name', 'email', 'amount', 'currency', 'interval', 'next_charge_date', 'provider'];
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Preview of the first rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {shown.map((c) => (
              <Table.Th key={c}>{c.replaceAll('_', ' ')}</Table.Th>
            ))}
            <Table.Th>Check</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checked.preview.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {shown.map((c) => (
                <Table.Td key={c}>{r.cells[c]}</Table.Td>
              ))}
              <Table.Td>
                {r.errors.length === 0 ? (
                  <Text size="sm">Ready</Text>
                ) : (
                  <Text size="sm" c="red.8">
                    {r.errors.join(' ')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Checked(props: {
  checked: TRecurringImportUploadResponse;
  onStarted: (s: TRecurringImportSummary) => void;
  onReset: () => void;
}) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const s = props.checked.import;
  const start = useMutation({
    mutationFn: () => recurringImportApi.start(s.id),
    onSuccess: (summary) => {
      void client.invalidateQueries({ queryKey: recurringImportKeys.list(npoId) });
      props.onStarted(summary);
    },
  });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {s.file_name}: {plural(format, s.total_rows, 'row')}, {format.count(s.valid_rows)} ready to check with the
        provider, {plural(format, s.failed_count, 'row')} with errors.
      </Text>
      <Preview checked={props.checked} />
      {start.isError && (
        <Alert color="red" role="alert" title="The import could not start">
          {start.error.message}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={s.valid_rows === 0}>
          Import {plural(format, s.valid_rows, 'plan')}
        </Button>
        <Button variant="default" onClick={props.onReset}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}

/** Upload → preview with per-row errors → confirm → progress while each row is checked and made a plan. */
export function RecurringImportUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [startedId, setStartedId] = useState<number | null>(null);
  const check = useMutation({ mutationFn: (f: File) => recurringImportApi.upload(f) });
  const reset = () => {
    setFile(null);
    setStartedId(null);
    check.reset();
  };
  let body: React.ReactNode;
  if (startedId !== null) body = <Progressing id={startedId} onDone={reset} />;
  else if (check.data) body = <Checked checked={check.data} onStarted={(s) => setStartedId(s.id)} onReset={reset} />;
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One plan per row: {RECURRING_IMPORT_COLUMNS.join(', ')}. The provider is sandbox, stripe or paypal; each row's
          customer and saved payment method (or PayPal vault token) are checked with it before the plan is made. Up to 5
          MB or 20,000 rows.
        </Text>
        <SampleLink />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="CSV file"
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            leftSection={<FileUp size={16} aria-hidden />}
            clearable
            style={{ flex: '1 1 240px' }}
            error={check.isError ? check.error.message : undefined}
          />
          <Button onClick={() => file && check.mutate(file)} disabled={!file} loading={check.isPending}>
            Check file
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Import recurring plans from a CSV file
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
