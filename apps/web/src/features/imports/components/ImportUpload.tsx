import type { TImportSummary } from '@kindling/contracts';
import { Text } from '@mantine/core';
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
  return (
    <ImportFlow
      api={API}
      title="Import donations from a CSV file"
      noun="donation"
      description={
        <>
          <Text size="sm" c="dimmed">
            One gift per row: date (YYYY-MM-DD), first_name, last_name, email, amount in major units (25.00), currency;
            optionally campaign_url, payment_method (cash, cheque, bank_transfer, in_kind) and reference. Up to 5 MB or
            20,000 rows.
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
