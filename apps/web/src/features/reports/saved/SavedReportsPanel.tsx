import {
  SCHEDULE_CADENCE_LABELS,
  TABLE_REPORT_VIEW_LABELS,
  TABLE_REPORTS,
  type TSavedReport,
  WEEKDAY_NAMES,
} from '@kindling/contracts';
import { Anchor, Button, Group, Modal, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../session';
import { useFormat } from '../../../shared/format.ts';
import { errorText } from './SaveReportDialog.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { savedReportApi, savedReportHref, savedReportKeys, savedReportQueries } from './saved-reports.queries.ts';

const reportTitle = (r: TSavedReport) => {
  const title =
    r.report === 'income' ? 'Income' : (TABLE_REPORTS[r.report as keyof typeof TABLE_REPORTS]?.title ?? r.report);
  return r.view ? `${title}: ${TABLE_REPORT_VIEW_LABELS[r.view] ?? r.view}` : title;
};

function cadenceText(s: NonNullable<TSavedReport['schedule']>): string {
  if (s.cadence === 'weekly') return `Weekly on ${WEEKDAY_NAMES[(s.weekday ?? 1) - 1]}`;
  if (s.cadence === 'monthly') return `Monthly on day ${s.day_of_month}`;
  return SCHEDULE_CADENCE_LABELS[s.cadence];
}

type Dialog = { kind: 'rename' | 'schedule' | 'delete'; report: TSavedReport } | null;

/**
 * The saved reports the member may see (docs/product/reports.md#saved-reports): their own and the
 * organisation's shared ones, each opening the report with its filters and columns; its owner and
 * administrators rename, schedule or delete it.
 */
export function SavedReportsPanel() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const list = useQuery(savedReportQueries.list(npoId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const reports = list.data?.reports ?? [];
  if (list.isError || (list.isSuccess && reports.length === 0)) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="saved-reports-title"
    >
      <Title order={2} size="h4" id="saved-reports-title" mb="xs">
        Saved reports
      </Title>
      <Stack gap="sm">
        {reports.map((r) => (
          <SavedReportLine key={r.id} report={r} onAction={(kind) => setDialog({ kind, report: r })} />
        ))}
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog
            ? `${dialog.kind === 'rename' ? 'Rename' : dialog.kind === 'schedule' ? 'Schedule' : 'Delete'} “${dialog.report.name}”`
            : ''
        }
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog?.kind === 'schedule' && <ScheduleForm saved={dialog.report} onDone={() => setDialog(null)} />}
        {dialog?.kind === 'rename' && <RenameForm saved={dialog.report} onDone={() => setDialog(null)} />}
        {dialog?.kind === 'delete' && <DeleteConfirm saved={dialog.report} onDone={() => setDialog(null)} />}
      </Modal>
    </Paper>
  );
}

function SavedReportLine({
  report: r,
  onAction,
}: {
  report: TSavedReport;
  onAction: (kind: 'rename' | 'schedule' | 'delete') => void;
}) {
  const format = useFormat();
  const last = r.schedule?.runs[0];
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
      <div>
        <Group gap="xs">
          <Anchor component={Link} to={savedReportHref(r)} fw={600}>
            {r.name}
          </Anchor>
          <Text size="xs" fw={700} tt="uppercase">
            {r.shared ? 'Shared' : 'Private'}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {reportTitle(r)} · saved by {r.owner.name}
        </Text>
        {r.schedule && (
          <Text size="sm">
            {cadenceText(r.schedule)} as {r.schedule.format.toUpperCase()} to{' '}
            {r.schedule.recipients.map((m) => m.name).join(', ')}; next on{' '}
            {format.date(`${r.schedule.next_on}T12:00:00Z`)}
            {last &&
              `. Last: ${last.status === 'sent' ? `sent to ${last.sent_to.length}` : 'nobody to send to'} on ${format.date(last.sent_at)}${
                last.skipped.length ? ` (skipped ${last.skipped.map((s) => `${s.name}: ${s.reason}`).join('; ')})` : ''
              }`}
          </Text>
        )}
      </div>
      {r.editable && (
        <Group gap={6}>
          <Button size="xs" variant="default" onClick={() => onAction('rename')} aria-label={`Rename ${r.name}`}>
            Rename
          </Button>
          <Button size="xs" variant="default" onClick={() => onAction('schedule')} aria-label={`Schedule ${r.name}`}>
            Schedule
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onAction('delete')}
            aria-label={`Delete ${r.name}`}
          >
            Delete
          </Button>
        </Group>
      )}
    </Group>
  );
}

function RenameForm({ saved, onDone }: { saved: TSavedReport; onDone: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState(saved.name);
  const [shared, setShared] = useState(saved.shared);
  const rename = useMutation({
    mutationFn: () => savedReportApi.update(saved.id, { name: name.trim(), shared }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: savedReportKeys.all });
      onDone();
    },
  });
  const empty = name.trim() === '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty) rename.mutate();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.currentTarget.value)}
          error={empty ? 'Give the report a name.' : null}
        />
        <Switch
          label="Share with the organisation"
          checked={shared}
          onChange={(e) => setShared(e.currentTarget.checked)}
        />
        {rename.error && (
          <Text c="red.8" size="sm" role="alert">
            {errorText(rename.error, 'The report could not be renamed.')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={rename.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteConfirm({ saved, onDone }: { saved: TSavedReport; onDone: () => void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => savedReportApi.remove(saved.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: savedReportKeys.all });
      onDone();
    },
  });
  return (
    <Stack gap="md">
      <Text size="sm">
        The saved report{saved.schedule ? ' and its schedule are' : ' is'} deleted; the gifts and the report itself
        stay.
      </Text>
      {remove.error && (
        <Text c="red.8" size="sm" role="alert">
          {errorText(remove.error, 'The report could not be deleted.')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Keep it
        </Button>
        <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
