import { canReach, IMPORT_TEMPLATE_CSV, type TImportStatus, type TImportSummary } from '@kindling/contracts';
import { Alert, Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, RotateCcw } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { type Format, useFormat } from '../../../shared/format.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { importApi, importKeys } from '../api/imports.queries.ts';

export const IMPORT_STATUS_LABELS: Record<TImportStatus, string> = {
  checking: 'Checking',
  refused: 'Refused',
  previewed: 'Not confirmed',
  queued: 'Queued',
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};
const STATUS_COLOURS: Record<TImportStatus, string> = {
  checking: 'blue',
  refused: 'red',
  previewed: 'gray',
  queued: 'blue',
  running: 'blue',
  finished: 'green',
  failed: 'red',
};

/** The job will not move on by itself: finished, or stopped for good. */
export const ended = (status: TImportStatus | undefined) =>
  status === 'finished' || status === 'failed' || status === 'refused';

/** Still moving on by itself: the page keeps asking for its progress. */
export const moving = (status: TImportStatus | undefined) =>
  status === 'checking' || status === 'queued' || status === 'running';

/**
 * Why an import stopped and what was kept (the server's words), for the upload step and the
 * history; the admin group can run it again (recorded rows are not recorded twice).
 */
export function ImportFailedAlert({ summary, compact = false }: { summary: TImportSummary; compact?: boolean }) {
  const format = useFormat();
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const canRetry = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => importApi.retry(summary.id),
    onSuccess: (updated) => {
      client.setQueryData(importKeys.one(npoId, updated.id), updated);
      void client.invalidateQueries({ queryKey: importKeys.list(npoId) });
    },
  });
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      p={compact ? 'xs' : undefined}
      icon={<CircleAlert size={16} aria-hidden />}
      title={
        compact
          ? undefined
          : `Import failed: ${plural(format, summary.imported_count, 'donation')} imported before it stopped`
      }
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{summary.failure_message ?? 'The import stopped before the end.'}</Text>
        {canRetry && (
          <Button
            size="xs"
            variant="default"
            leftSection={<RotateCcw size={14} aria-hidden />}
            loading={retry.isPending}
            onClick={() => retry.mutate()}
            aria-label={`Run the import of ${summary.file_name} again`}
          >
            Run again
          </Button>
        )}
        {retry.isError && (
          <Text size="sm" c="red.8">
            {retry.error.message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

export function ImportStatusBadge({ status }: { status: TImportStatus }) {
  const colour = STATUS_COLOURS[status];
  // The text colour on the light badge: readable at full contrast (axe); the tint repeats the status.
  return (
    <Badge variant="light" color={colour} style={{ '--badge-color': 'var(--mantine-color-text)', flexShrink: 0 }}>
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

export const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE_CSV)}`;

export function TemplateLink() {
  return (
    <Anchor href={TEMPLATE_HREF} download="donations-import-template.csv" size="sm">
      <Download size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      Download the template CSV
    </Anchor>
  );
}

/** The failed rows of an import and why, as a CSV (only when some failed). */
export function ErrorsLink({ summary }: { summary: TImportSummary }) {
  if (summary.failed_count === 0) return null;
  return (
    <Anchor
      href={importApi.errorsUrl(summary.id)}
      download={`import-${summary.id}-errors.csv`}
      size="sm"
      aria-label={`Download the ${summary.failed_count} failed rows of ${summary.file_name}`}
    >
      Failed rows (CSV)
    </Anchor>
  );
}

/** '1 row', '1,234 rows': the count in the organisation's locale. */
export const plural = (format: Pick<Format, 'count'>, n: number, one: string, many = `${one}s`) =>
  `${format.count(n)} ${n === 1 ? one : many}`;
