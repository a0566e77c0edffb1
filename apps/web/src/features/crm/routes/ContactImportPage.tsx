import { CONTACT_IMPORT_EXAMPLE_CSV, canReach, type TContactImportResponse } from '@kindling/contracts';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { CsvFilePicker } from '../../../shared/CsvFilePicker.tsx';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { contactImportApi, contactImportQueries } from '../api/contact-imports.queries.ts';
import { contactKeys } from '../api/contacts.queries.ts';
import { ContactImportMapping } from '../import/ContactImportMapping.tsx';
import { ContactImportPreview } from '../import/ContactImportPreview.tsx';

const ENTRY = pageEntry('/dashboard/crm/contacts/import') ?? {
  section: 'CRM',
  title: 'Import contacts',
  description: 'Bring in people and organisations from a CSV file.',
  emptyTitle: 'No import yet',
};
const EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CONTACT_IMPORT_EXAMPLE_CSV)}`;
const POLL_MS = 1000;

/** The job's progress, then its counts and the refused rows' CSV. */
function Progressing({ id }: { id: number }) {
  const format = useFormat();
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const query = useQuery({
    ...contactImportQueries.one(npoId, id),
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      if (status === 'finished') void client.invalidateQueries({ queryKey: contactKeys.all });
      return status === 'finished' || status === 'failed' ? false : POLL_MS;
    },
  });
  const s = query.data;
  if (!s) return <Progress value={0} aria-label="Import progress" animated />;
  const ended = s.status === 'finished' || s.status === 'failed';
  const percent = s.valid_rows === 0 ? 100 : Math.round((s.processed_rows / s.valid_rows) * 100);
  return (
    <Stack gap="xs">
      <Progress
        value={ended ? 100 : percent}
        animated={!ended}
        color={s.status === 'failed' ? 'red' : undefined}
        aria-label="Import progress"
      />
      <Text size="sm" role="status">
        {s.status === 'finished'
          ? `Import finished: ${format.count(s.created_count)} created, ${format.count(s.updated_count)} updated, ${format.count(s.skipped_count)} skipped, ${format.count(s.failed_count)} could not be imported.`
          : s.status === 'failed'
            ? (s.failure_message ?? 'The import stopped before the end.')
            : `Importing… ${format.count(s.processed_rows)} of ${format.count(s.valid_rows)} rows`}
      </Text>
      {ended && (
        <Group gap="md">
          {s.failed_count > 0 && (
            <Anchor href={contactImportApi.errorsUrl(s.id)} download={`contact-import-${s.id}-errors.csv`} size="sm">
              Rows that could not be imported (CSV)
            </Anchor>
          )}
          <Anchor component={Link} to="/dashboard/crm/contacts" size="sm">
            Back to contacts
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

function Checked({ checked, onStarted }: { checked: TContactImportResponse; onStarted: (id: number) => void }) {
  const format = useFormat();
  const start = useMutation({
    mutationFn: () => contactImportApi.start(checked.import.id),
    onSuccess: (s) => onStarted(s.id),
  });
  const planned = checked.planned ?? { create: 0, update: 0, skip: 0 };
  const s = checked.import;
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {format.count(s.total_rows)} rows: {format.count(planned.create)} new, {format.count(planned.update)} to update,{' '}
        {format.count(planned.skip)} to skip, {format.count(s.failed_count)} with errors. The first{' '}
        {checked.preview?.length ?? 0} are shown.
      </Text>
      <ContactImportPreview rows={checked.preview ?? []} />
      {s.failed_count > 0 && (
        <Anchor href={contactImportApi.errorsUrl(s.id)} download={`contact-import-${s.id}-errors.csv`} size="sm">
          Download the rows with errors (CSV)
        </Anchor>
      )}
      {start.isError && (
        <Alert color="red" role="alert" title="The import could not start">
          {start.error.message}
        </Alert>
      )}
      <Group>
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={s.valid_rows === 0}>
          Import {format.count(s.valid_rows)} {s.valid_rows === 1 ? 'contact' : 'contacts'}
        </Button>
      </Group>
    </Stack>
  );
}

function Upload({ onUploaded }: { onUploaded: (r: TContactImportResponse) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({ mutationFn: (f: File) => contactImportApi.upload(f), onSuccess: onUploaded });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        One contact per row, with a header row and an e-mail column: a row whose e-mail is already a contact's updates
        or skips that contact, so importing a file twice creates nobody twice. UTF-8 CSV, up to 5 MB or 20,000 rows.
      </Text>
      <Anchor href={EXAMPLE_HREF} download="contacts-import-example.csv" size="sm">
        <Download size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        Download an example file
      </Anchor>
      <CsvFilePicker
        file={file}
        onChange={setFile}
        onSubmit={() => file && upload.mutate(file)}
        submitLabel="Read file"
        pending={upload.isPending}
        error={upload.isError ? upload.error.message : undefined}
      />
    </Stack>
  );
}

/** /dashboard/crm/contacts/import: upload → map columns → preview by e-mail match → run with progress. */
export function ContactImportPage() {
  const session = useSession();
  const canImport = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const [params, setParams] = useSearchParams();
  const startedId = Number(params.get('import') ?? 0);
  const [uploaded, setUploaded] = useState<TContactImportResponse | null>(null);
  const [checked, setChecked] = useState<TContactImportResponse | null>(null);
  let body: React.ReactNode;
  if (startedId > 0) body = <Progressing id={startedId} />;
  else if (!canImport)
    body = (
      <Alert color="gray" title="View only">
        An administrator, manager or finance member imports contacts.
      </Alert>
    );
  else if (checked) body = <Checked checked={checked} onStarted={(id) => setParams({ import: String(id) })} />;
  else if (uploaded) body = <ContactImportMapping uploaded={uploaded} onChecked={setChecked} />;
  else body = <Upload onUploaded={setUploaded} />;
  return (
    <PageFrame entry={ENTRY}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {startedId > 0
              ? 'Importing contacts'
              : checked
                ? 'Check and import'
                : uploaded
                  ? 'Map the columns'
                  : 'Choose a file'}
          </Title>
          {body}
        </Stack>
      </Paper>
    </PageFrame>
  );
}
