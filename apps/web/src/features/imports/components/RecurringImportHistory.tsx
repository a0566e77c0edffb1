import type { TRecurringImportSummary } from '@kindling/contracts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { recurringImportApi, recurringImportQueries } from '../api/recurring-imports.queries.ts';
import { ImportStatusBadge, plural } from './import-bits.tsx';
import { RecurringImportPlans } from './RecurringImportPlans.tsx';

/** The refused rows of an import and why, as a CSV (only when some were refused). */
export function RecurringImportErrorsLink({ summary }: { summary: TRecurringImportSummary }) {
  if (summary.failed_count === 0) return null;
  return (
    <Anchor
      href={recurringImportApi.errorsUrl(summary.id)}
      download={`recurring-import-${summary.id}-errors.csv`}
      size="sm"
      aria-label={`Download the ${summary.failed_count} failed rows of ${summary.file_name}`}
    >
      Failed rows (CSV)
    </Anchor>
  );
}

function ImportCard({ s }: { s: TRecurringImportSummary }) {
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {s.file_name}
          </Text>
          <ImportStatusBadge status={s.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {format.dateTime(s.created_at)}
          {s.created_by ? ` · ${s.created_by}` : ''}
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            {plural(format, s.imported_count, 'plan')} imported · {format.count(s.skipped_count)} already imported ·{' '}
            {plural(format, s.failed_count, 'row')} refused
          </Text>
          <RecurringImportErrorsLink summary={s} />
        </Group>
        {s.status === 'failed' && <Text size="sm">{s.failure_message}</Text>}
        {s.status === 'finished' && <RecurringImportPlans id={s.id} fileName={s.file_name} />}
      </Stack>
    </Paper>
  );
}

/** Past recurring imports, newest first, each with the plans it made. */
export function RecurringImportHistory() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const query = useQuery(recurringImportQueries.list(npoId));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Past recurring imports
      </Title>
      {query.isPending && <Text size="sm">Loading…</Text>}
      {query.isError && <Text size="sm">The imports could not be loaded.</Text>}
      {query.data?.length === 0 && <Text size="sm">No recurring imports yet.</Text>}
      {query.data && query.data.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((s) => (
            <ImportCard key={s.id} s={s} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
