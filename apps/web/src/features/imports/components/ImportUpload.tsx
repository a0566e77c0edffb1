import {
  DONATION_IMPORT_MAX_BYTES,
  DONATION_IMPORT_MAX_ROWS,
  type TImportSummary,
  type TImportUploadResponse,
} from '@kindling/contracts';
import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { importApi, importKeys, importQueries } from '../api/imports.queries.ts';
import { ImportPreview } from './ImportPreview.tsx';
import { ErrorsLink, ended, ImportFailedAlert, moving, plural, TemplateLink } from './import-bits.tsx';

/** How often the page asks for the progress of a running import. */
export const PROGRESS_POLL_MS = 1000;

function Progressing({ id, onDone }: { id: number; onDone: () => void }) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const query = useQuery({
    ...importQueries.one(npoId, id),
    refetchInterval: (q) => (ended(q.state.data?.status) ? false : PROGRESS_POLL_MS),
  });
  const summary = query.data;
  const finished = summary?.status === 'finished';
  const failed = summary?.status === 'failed';
  useEffect(() => {
    if (finished || failed) void client.invalidateQueries({ queryKey: importKeys.list(npoId) });
  }, [finished, failed, client, npoId]);
  if (!summary) return <Progress value={0} aria-label="Import progress" animated />;
  // A failed import shows how far it got: the rows recorded before it stopped.
  const done = failed ? summary.imported_count : summary.processed_rows;
  const percent = summary.valid_rows === 0 ? 100 : Math.round((done / summary.valid_rows) * 100);
  return (
    <Stack gap="xs">
      <Progress
        value={finished ? 100 : percent}
        animated={!finished && !failed}
        color={failed ? 'red' : undefined}
        aria-label="Import progress"
      />
      {failed ? (
        <ImportFailedAlert summary={summary} />
      ) : (
        <Text size="sm" role="status">
          {finished
            ? `Import finished: ${plural(format, summary.imported_count, 'donation')} imported, ${plural(format, summary.failed_count, 'row')} could not be imported.`
            : `Importing… ${format.count(summary.processed_rows)} of ${format.count(summary.valid_rows)} rows`}
        </Text>
      )}
      {(finished || failed) && (
        <Group gap="md">
          <ErrorsLink summary={summary} />
          <Button variant="light" size="xs" onClick={onDone}>
            Import another file
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A large file's check, after its first rows were previewed: how far it is, as rows and share of the file. */
function CheckProgress({ summary }: { summary: TImportSummary }) {
  const format = useFormat();
  const percent = summary.file_bytes === 0 ? 0 : Math.floor((summary.checked_bytes / summary.file_bytes) * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} animated aria-label="Check progress" />
      <Text size="sm" role="status">
        Checking the whole file… {plural(format, summary.checked_rows, 'row')} checked ({percent}%).
      </Text>
    </Stack>
  );
}

function Checked({
  checked,
  onStarted,
  onReset,
}: {
  checked: TImportUploadResponse;
  onStarted: (summary: TImportSummary) => void;
  onReset: () => void;
}) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  // A large file is still being checked: its counts arrive when the check has read it all.
  const live = useQuery({
    ...importQueries.one(npoId, checked.import.id),
    initialData: checked.import,
    enabled: checked.import.status === 'checking',
    refetchInterval: (q) => (q.state.data?.status === 'checking' ? PROGRESS_POLL_MS : false),
  });
  const s = live.data ?? checked.import;
  const start = useMutation({
    mutationFn: () => importApi.start(checked.import.id),
    onSuccess: (summary) => {
      void client.invalidateQueries({ queryKey: importKeys.list(npoId) });
      onStarted(summary);
    },
  });
  const checking = s.status === 'checking';
  return (
    <Stack gap="sm">
      {checking ? (
        <CheckProgress summary={s} />
      ) : s.status === 'refused' ? (
        <Alert color="red" role="alert" title="The file was refused">
          {s.failure_message}
        </Alert>
      ) : (
        <Text size="sm">
          {s.file_name}: {plural(format, s.total_rows, 'row')}, {format.count(s.valid_rows)} ready to import,{' '}
          {plural(format, s.failed_count, 'row')} with errors. The first {checked.preview.length} are shown.
        </Text>
      )}
      <ImportPreview rows={checked.preview} />
      {start.isError && (
        <Alert color="red" role="alert" title="The import could not start">
          {start.error.message}
        </Alert>
      )}
      <Group gap="sm">
        {s.status !== 'refused' && (
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={checking || s.valid_rows === 0}>
            {checking ? 'Import (after the check)' : `Import ${plural(format, s.valid_rows, 'donation')}`}
          </Button>
        )}
        {s.status === 'refused' || !moving(s.status) ? <ErrorsLink summary={s} /> : null}
        <Button variant="default" onClick={onReset}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}

/** Upload → preview with per-row errors → confirm → progress until the job has finished. */
export function ImportUpload() {
  const format = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [startedId, setStartedId] = useState<number | null>(null);
  const check = useMutation({ mutationFn: (f: File) => importApi.upload(f) });
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
          One gift per row: date (YYYY-MM-DD), first_name, last_name, email, amount in major units (25.00), currency;
          optionally campaign_url, payment_method (cash, cheque, bank_transfer, in_kind) and reference. Up to{' '}
          {Math.round(DONATION_IMPORT_MAX_BYTES / 1024 / 1024)} MB or {format.count(DONATION_IMPORT_MAX_ROWS)} rows.
        </Text>
        <TemplateLink />
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
          Import donations from a CSV file
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
