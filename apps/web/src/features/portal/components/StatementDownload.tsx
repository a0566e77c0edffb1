import { Button, Group, Select, Text } from '@mantine/core';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { type PortalSource, statementHref } from '../api/portal-api.ts';

/** The annual statement of one giving year as a PDF. */
export function StatementDownload({ source, years }: { source: PortalSource; years: number[] }) {
  const [year, setYear] = useState<string | null>(years[0] ? String(years[0]) : null);
  if (years.length === 0) return <Text c="dimmed">A statement is available once you have made a donation.</Text>;
  return (
    <Group align="flex-end" gap="sm">
      <Select label="Year" data={years.map(String)} value={year} allowDeselect={false} onChange={setYear} w={120} />
      <Button
        component="a"
        href={year ? statementHref(source, Number(year)) : undefined}
        download
        variant="light"
        leftSection={<FileDown size={16} aria-hidden />}
      >
        Download statement
      </Button>
    </Group>
  );
}
