import { DONATION_IMPORT_MAX_BYTES, DONATION_IMPORT_MAX_ROWS, type TImportSummary } from '@kindling/contracts';
import { Text } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';
import { importApi, importKeys } from '../api/imports.queries.ts';
import { ImportFlow, type ImportFlowApi } from './ImportFlow.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { ErrorsLink, ImportFailedAlert, plural, TemplateLink } from './import-bits.tsx';

export { PROGRESS_POLL_MS } from './ImportFlow.tsx';

const API: ImportFlowApi<TImportSummary> = {
  upload: importApi.upload,
  start: importApi.start,
  get: importApi.get,
  oneKey: importKeys.one,
  listKey: importKeys.list,
};

/** /dashboard/imports' upload → preview with per-row errors → confirm → progress (ImportFlow). */
export function ImportUpload() {
  const format = useFormat();
  return (
    <ImportFlow
      api={API}
      title="Import donations from a CSV file"
      noun="donation"
      description={
        <>
          <Text size="sm" c="dimmed">
            One gift per row: date (YYYY-MM-DD), first_name, last_name, email, amount in major units (25.00), currency;
            optionally campaign_url, payment_method (cash, cheque, bank_transfer, in_kind) and reference. Up to{' '}
            {Math.round(DONATION_IMPORT_MAX_BYTES / 1024 / 1024)} MB or {format.count(DONATION_IMPORT_MAX_ROWS)} rows.
          </Text>
          <TemplateLink />
        </>
      }
      preview={(rows) => <ImportPreview rows={rows} />}
      finished={(s, format) =>
        `Import finished: ${plural(format, s.imported_count, 'donation')} imported, ${plural(format, s.failed_count, 'row')} could not be imported.`
      }
      failed={(s) => <ImportFailedAlert summary={s} />}
      errorsLink={(s) => <ErrorsLink summary={s} />}
    />
  );
}
