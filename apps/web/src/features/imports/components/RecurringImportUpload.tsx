import { RECURRING_IMPORT_COLUMNS, sampleRecurringImportCsv, type TRecurringImportSummary } from '@kindling/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { Download } from 'lucide-react';
import { useFormat } from '../../../shared/format.ts';
import { recurringImportApi, recurringImportKeys } from '../api/recurring-imports.queries.ts';
import { ImportFlow, type ImportFlowApi } from './ImportFlow.tsx';
import { ImportPreview, type PreviewColumn } from './ImportPreview.tsx';
import { plural } from './import-bits.tsx';
import { RecurringImportErrorsLink } from './RecurringImportHistory.tsx';

const API: ImportFlowApi<TRecurringImportSummary> = {
  upload: recurringImportApi.upload,
  start: recurringImportApi.start,
  get: recurringImportApi.get,
  oneKey: recurringImportKeys.one,
  listKey: recurringImportKeys.list,
};

// Name and amount each in one cell, so the row's check still fits beside them at 1280 px.
const COLUMNS: PreviewColumn[] = [
  { key: 'name', label: 'Donor', value: (c) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim() },
  { key: 'email', label: 'E-mail' },
  { key: 'amount', label: 'Amount', value: (c) => `${c.amount ?? ''} ${c.currency ?? ''}`.trim() },
  { key: 'interval', label: 'Interval' },
  { key: 'next_charge_date', label: 'Next charge' },
  { key: 'provider', label: 'Provider' },
];

/**
 * The sample's dates start tomorrow on the organisation's calendar (the imports page's rule:
 * next_charge_date is today or later in its time zone), so every row is valid wherever the browser is.
 */
function SampleLink() {
  const today = useFormat().today();
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleRecurringImportCsv(today))}`;
  return (
    <Anchor href={href} download="recurring-plans-sample.csv" size="sm">
      <Download size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      Download a sample CSV (ten plans, works in sandbox mode)
    </Anchor>
  );
}

/** /dashboard/recurring_imports' upload → preview → confirm → progress while each row is checked and made a plan. */
export function RecurringImportUpload() {
  return (
    <ImportFlow
      api={API}
      title="Import recurring plans from a CSV file"
      noun="plan"
      description={
        <>
          <Text size="sm" c="dimmed">
            One plan per row: {RECURRING_IMPORT_COLUMNS.join(', ')}. The provider is sandbox, stripe or paypal; each
            row's customer and saved payment method (or PayPal vault token) are checked with it before the plan is made.
            Up to 5 MB or 20,000 rows.
          </Text>
          <SampleLink />
        </>
      }
      preview={(rows) => (
        <ImportPreview
          rows={rows}
          columns={COLUMNS}
          detail={(c) => `${c.interval} from ${c.next_charge_date} · ${c.provider}`}
        />
      )}
      working="Checking with the provider and importing"
      finished={(s, format) =>
        `Import finished: ${plural(format, s.imported_count, 'plan')} imported, ${format.count(s.skipped_count)} already imported, ${plural(format, s.failed_count, 'row')} could not be imported.`
      }
      failed={(s) => (
        <Alert color="red" variant="light" role="alert">
          {s.failure_message ?? 'The import stopped before the end.'}
        </Alert>
      )}
      errorsLink={(s) => <RecurringImportErrorsLink summary={s} />}
    />
  );
}
