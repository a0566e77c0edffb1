import type { TReportFormat } from '@kindling/contracts';
import { Button, Group } from '@mantine/core';
import { Download } from 'lucide-react';

const FORMATS: { format: TReportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
  { format: 'pdf', label: 'PDF' },
];

/** CSV, XLSX and PDF of the report on screen: plain links the browser saves with the session cookie. */
export function DownloadButtons({ hrefOf }: { hrefOf: (format: TReportFormat) => string }) {
  return (
    <Group gap="xs" wrap="wrap">
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          component="a"
          href={hrefOf(format)}
          download
          variant="default"
          size="sm"
          leftSection={<Download size={16} aria-hidden />}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
