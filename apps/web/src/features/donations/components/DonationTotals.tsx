import type { TDonationListTotals } from '@kindling/contracts';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useFormat } from '../../../shared/format.ts';

/** Totals of everything the filters match (not only the page): count, base-currency sum, each currency. */
export function DonationTotals({
  totals,
  stale,
}: {
  /** undefined while loading, null when they could not be read (the list still shows). */
  totals: TDonationListTotals | null | undefined;
  stale?: boolean;
}) {
  const format = useFormat();
  if (totals === undefined) return <Skeleton role="status" height={64} radius="md" aria-label="Loading totals" />;
  if (totals === null) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Totals could not be loaded.
      </Text>
    );
  }
  const several = totals.by_currency.length > 1;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label="Totals of the filtered donations"
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1 }}
    >
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Donations
          </Text>
          <Text fz={20} fw={700} data-testid="totals-count">
            {format.count(totals.count)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Gross in {totals.base_currency}
          </Text>
          <Text fz={20} fw={700} data-testid="totals-base">
            {format.money(totals.base_amount_minor, totals.base_currency)}
          </Text>
          {/* Home's "Total raised" nets refunds and counts succeeded gifts only; this adds up every
              listed gift as given, so the two differ by the refunds and the other statuses. */}
          <Text size="xs" c="dimmed">
            before refunds
          </Text>
        </Stack>
        {several ? (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              By currency
            </Text>
            <Group gap="md" wrap="wrap">
              {totals.by_currency.map((t) => (
                <Text key={t.currency} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {format.money(t.amount_minor, t.currency)} {t.currency}{' '}
                  <Text span size="xs" c="dimmed">
                    ({format.count(t.count)})
                  </Text>
                </Text>
              ))}
            </Group>
          </Stack>
        ) : null}
      </Group>
    </Paper>
  );
}
