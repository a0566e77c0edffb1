import type { TImportPreviewRow, TImportSummary } from '@kindling/contracts';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { CsvFilePicker } from '../../../shared/CsvFilePicker.tsx';
import { type Format, useFormat } from '../../../shared/format.ts';
import { ended, moving, plural } from './import-bits.tsx';

/** How often the page asks for the progress of a running import. */
export const PROGRESS_POLL_MS = 1000;

/** What one kind of import (donations, recurring plans) gives the shared upload → preview → progress flow. */
export type ImportFlowApi<S extends TImportSummary> = {
  upload: (file: File) => Promise<{ import: S; preview: TImportPreviewRow[] }>;
  start: (id: number) => Promise<S>;
  get: (id: number, signal?: AbortSignal) => Promise<S>;
  /** The keys of one import (shared with the page's other queries of it) and of the list of past imports. */
  oneKey: (npoId: number | null, id: number) => QueryKey;
  listKey: (npoId: number | null) => QueryKey;
};

export type ImportFlowProps<S extends TImportSummary> = {
  api: ImportFlowApi<S>;
  title: string;
  /** What one row becomes ('donation', 'plan'): "Import 10 plans". */
  noun: string;
  /** The file's description and its template or sample link, above the file picker. */
  description: ReactNode;
  preview: (rows: TImportPreviewRow[]) => ReactNode;
  /** The sentence once the job has finished (each kind counts its own outcomes). */
  finished: (s: S, format: Format) => string;
  /** What the job does while it runs ('Importing', 'Checking with the provider and importing'). */
  working?: string;
  /** Why the job stopped for good and what was kept. */
  failed: (s: S) => ReactNode;
  errorsLink: (s: S) => ReactNode;
};

/**
 * The bar and the sentence while an import runs. A large donations file spends a while on its donors
 * before the first gift and on the totals after the last (docs/product/imports.md): the page says
 * so, rather than a count that stands still.
 */
export function runProgress(s: TImportSummary, working: string, format: Format): { percent: number; doing: string } {
  const share = (done: number, of: number) => (of === 0 ? 100 : Math.round((done / of) * 100));
  if (s.status === 'running' && s.run_stage === 'donors') {
    const percent = share(s.stage_done, s.stage_total);
    return { percent, doing: `Finding or adding the file's donors… ${percent}%` };
  }
  if (s.status === 'running' && s.run_stage === 'totals') {
    return {
      percent: 100,
      doing: `All ${format.count(s.valid_rows)} rows recorded. Adding up the donors' totals and the daily figures…`,
    };
  }
  // A failed import shows how far it got: the rows recorded before it stopped.
  const done = s.status === 'failed' ? s.imported_count : s.processed_rows;
  return {
    percent: share(done, s.valid_rows),
    doing: `${working}… ${format.count(s.processed_rows)} of ${format.count(s.valid_rows)} rows`,
  };
}

function Progressing<S extends TImportSummary>({
  flow,
  id,
  onDone,
}: {
  flow: ImportFlowProps<S>;
  id: number;
  onDone: () => void;
}) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: flow.api.oneKey(npoId, id),
    queryFn: ({ signal }) => flow.api.get(id, signal),
    refetchInterval: (q) => (ended(q.state.data?.status) ? false : PROGRESS_POLL_MS),
  });
  const summary = query.data;
  const finished = summary?.status === 'finished';
  const failed = summary?.status === 'failed';
  const listKey = flow.api.listKey(npoId);
  useEffect(() => {
    if (finished || failed) void client.invalidateQueries({ queryKey: listKey });
  }, [finished, failed, client, listKey]);
  if (!summary) return <Progress value={0} aria-label="Import progress" animated />;
  const { percent, doing } = runProgress(summary, flow.working ?? 'Importing', format);
  return (
    <Stack gap="xs">
      <Progress
        value={finished ? 100 : percent}
        animated={!finished && !failed}
        color={failed ? 'red' : undefined}
        aria-label="Import progress"
      />
      {failed ? (
        flow.failed(summary)
      ) : (
        <Text size="sm" role="status">
          {finished ? flow.finished(summary, format) : doing}
        </Text>
      )}
      {(finished || failed) && (
        <Group gap="md">
          {flow.errorsLink(summary)}
          <Button variant="light" size="xs" onClick={onDone}>
            Import another file
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A large file's check, after its first rows were previewed: how far it is, as rows and share of the file. */
export function CheckProgress({ summary }: { summary: TImportSummary }) {
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

/** The file's counts once checked; while a large file is still being checked, its progress; a refused file's reason. */
function CheckOutcome({ s, shown }: { s: TImportSummary; shown: number }) {
  const format = useFormat();
  if (s.status === 'checking') return <CheckProgress summary={s} />;
  if (s.status === 'refused')
    return (
      <Alert color="red" role="alert" title="The file was refused">
        {s.failure_message}
      </Alert>
    );
  return (
    <Text size="sm">
      {s.file_name}: {plural(format, s.total_rows, 'row')}, {format.count(s.valid_rows)} ready to import,{' '}
      {plural(format, s.failed_count, 'row')} with errors. The first {shown} are shown.
    </Text>
  );
}

function Checked<S extends TImportSummary>(props: {
  flow: ImportFlowProps<S>;
  checked: { import: S; preview: TImportPreviewRow[] };
  onStarted: (summary: S) => void;
  onReset: () => void;
}) {
  const { flow, checked } = props;
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  // A large file is still being checked after its first rows were previewed (decision 102):
  // its counts arrive when the check has read it all; other files answer checked at once.
  const live = useQuery({
    queryKey: flow.api.oneKey(npoId, checked.import.id),
    queryFn: ({ signal }) => flow.api.get(checked.import.id, signal),
    initialData: checked.import,
    enabled: checked.import.status === 'checking',
    refetchInterval: (q) => (q.state.data?.status === 'checking' ? PROGRESS_POLL_MS : false),
  });
  const s = live.data ?? checked.import;
  const start = useMutation({
    mutationFn: () => flow.api.start(checked.import.id),
    onSuccess: (summary) => {
      void client.invalidateQueries({ queryKey: flow.api.listKey(npoId) });
      props.onStarted(summary);
    },
  });
  const checking = s.status === 'checking';
  const refused = s.status === 'refused';
  return (
    <Stack gap="sm">
      <CheckOutcome s={s} shown={checked.preview.length} />
      {flow.preview(checked.preview)}
      {start.isError && (
        <Alert color="red" role="alert" title="The import could not start">
          {start.error.message}
        </Alert>
      )}
      <Group gap="sm">
        {!refused && (
          <Button onClick={() => start.mutate()} loading={start.isPending} disabled={checking || s.valid_rows === 0}>
            {checking ? 'Import (after the check)' : `Import ${plural(format, s.valid_rows, flow.noun)}`}
          </Button>
        )}
        {refused || !moving(s.status) ? flow.errorsLink(s) : null}
        <Button variant="default" onClick={props.onReset}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Upload → preview with per-row errors → confirm → progress until the job has finished, for every
 * import that checks a file then runs one job (docs/product/imports.md).
 */
export function ImportFlow<S extends TImportSummary>(flow: ImportFlowProps<S>) {
  const [file, setFile] = useState<File | null>(null);
  const [startedId, setStartedId] = useState<number | null>(null);
  const check = useMutation({ mutationFn: (f: File) => flow.api.upload(f) });
  const reset = () => {
    setFile(null);
    setStartedId(null);
    check.reset();
  };
  let body: ReactNode;
  if (startedId !== null) body = <Progressing flow={flow} id={startedId} onDone={reset} />;
  else if (check.data)
    body = <Checked flow={flow} checked={check.data} onStarted={(s) => setStartedId(s.id)} onReset={reset} />;
  else
    body = (
      <Stack gap="sm">
        {flow.description}
        <CsvFilePicker
          file={file}
          onChange={setFile}
          onSubmit={() => file && check.mutate(file)}
          submitLabel="Check file"
          pending={check.isPending}
          error={check.isError ? check.error.message : undefined}
        />
      </Stack>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {flow.title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
