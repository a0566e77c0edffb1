import type { TDonationExportFormat } from '@kindling/contracts';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFormat } from '../../../shared/format.ts';
import { downloadDonationExport, type ExportProgress, saveFile } from '../api/export-download.ts';

const FORMAT_LABELS: Record<TDonationExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Running = { format: TDonationExportFormat; progress: ExportProgress; controller: AbortController };
type Outcome = { kind: 'done'; text: string } | { kind: 'error'; text: string } | null;

/** The progress of a running export: rows of the total for CSV, bytes for XLSX (zipped as it streams). */
function ExportProgressPanel({ running, onCancel }: { running: Running; onCancel: () => void }) {
  const format = useFormat();
  const { totalRows, rows, bytes } = running.progress;
  const percent = rows !== null && totalRows ? Math.min(100, Math.round((rows / totalRows) * 100)) : null;
  const label =
    rows !== null && totalRows !== null
      ? `${format.count(rows)} of ${format.count(totalRows)} rows · ${sizeOf(bytes)}`
      : `${sizeOf(bytes)} received${totalRows !== null ? ` · ${format.count(totalRows)} rows` : ''}`;
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            Exporting {FORMAT_LABELS[running.format]}…
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<X size={14} aria-hidden />}
            onClick={onCancel}
          >
            Cancel export
          </Button>
        </Group>
        <Progress
          value={percent ?? 100}
          animated={percent === null}
          striped={percent === null}
          aria-label={`Export progress${percent !== null ? `: ${percent}%` : ''}`}
        />
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Export of the filtered donations as CSV or XLSX: the file streams in with a progress bar and can
 * be cancelled; when complete the browser saves it.
 */
export function ExportButtons({ filter, disabled }: { filter: Record<string, string>; disabled?: boolean }) {
  const org = useFormat();
  const [running, setRunning] = useState<Running | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const controllerRef = useRef<AbortController | null>(null);
  // Leaving the page cancels a running export.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = async (format: TDonationExportFormat) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setOutcome(null);
    setRunning({ format, controller, progress: { totalRows: null, rows: null, bytes: 0 } });
    try {
      const result = await downloadDonationExport(format, filter, {
        signal: controller.signal,
        onProgress: (progress) => setRunning((r) => (r && r.controller === controller ? { ...r, progress } : r)),
      });
      saveFile(result.blob, result.filename);
      const rows = result.rows === null ? '' : ` of ${org.count(result.rows)} donation${result.rows === 1 ? '' : 's'}`;
      setOutcome({ kind: 'done', text: `Export${rows} saved as ${result.filename}.` });
    } catch (error) {
      if (controller.signal.aborted) setOutcome({ kind: 'error', text: 'Export cancelled.' });
      else setOutcome({ kind: 'error', text: `The export failed: ${(error as Error).message}` });
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setRunning(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            size="sm"
            leftSection={<Download size={16} aria-hidden />}
            disabled={disabled || running !== null}
            loading={running?.format === format}
            onClick={() => void start(format)}
          >
            Export {format.toUpperCase()}
          </Button>
        ))}
      </Group>
      {running ? <ExportProgressPanel running={running} onCancel={() => running.controller.abort()} /> : null}
      {outcome ? (
        <Alert
          color={outcome.kind === 'done' ? 'green' : outcome.text === 'Export cancelled.' ? 'gray' : 'red'}
          withCloseButton
          onClose={() => setOutcome(null)}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          p="xs"
        >
          {outcome.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
