import type { TPayoutSource, TReconciliationRefreshResponse } from '@kindling/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Info, RefreshCw, TriangleAlert } from 'lucide-react';
import { api } from '../../../app/api-client.ts';
import { useFormat } from '../../../shared/format.ts';

type Props = { sources: TPayoutSource[]; period: { from?: string | undefined; to?: string | undefined } };

/**
 * The reconciliation report's providers (docs/product/reports.md#reconciliation): when each one's
 * payouts were last fetched, "Refresh from Stripe" for a connected Stripe account (the page polls
 * while the fetch runs), and a plain sentence for a provider that reports no payouts to Kindling.
 */
export function PayoutSources({ sources, period }: Props) {
  const f = useFormat();
  const client = useQueryClient();
  const refresh = useMutation({
    mutationFn: () =>
      api<TReconciliationRefreshResponse>('POST', '/npo_admin/reports/reconciliation/refresh', {
        body: { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['reports', 'reconciliation'] }),
  });
  const reported = sources.filter((s) => s.reported);
  const notReported = sources.filter((s) => !s.reported);
  return (
    <Stack gap="xs">
      {reported.map((s) => (
        <Group key={s.provider} justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" aria-live="polite">
            {s.provider === 'sandbox' ? 'Sandbox demo payouts' : `${s.label} payouts`}
            {s.refreshing
              ? ': fetching from Stripe…'
              : s.fetched_at
                ? `: last fetched ${f.dateTime(s.fetched_at)}`
                : ': not fetched yet'}
          </Text>
          {s.can_refresh && (
            <Button
              size="sm"
              variant="default"
              leftSection={<RefreshCw size={16} aria-hidden />}
              loading={s.refreshing || refresh.isPending}
              onClick={() => refresh.mutate()}
            >
              Refresh from {s.label}
            </Button>
          )}
          {s.error && (
            <Alert color="yellow" variant="light" icon={<TriangleAlert size={18} aria-hidden />} w="100%">
              {s.error}
            </Alert>
          )}
        </Group>
      ))}
      {refresh.error && (
        <Alert color="red" variant="light" icon={<TriangleAlert size={18} aria-hidden />}>
          {refresh.error.message}
        </Alert>
      )}
      {notReported.map((s) => (
        <Alert
          key={s.provider}
          color="gray"
          variant="light"
          icon={<Info size={18} aria-hidden />}
          title={`${s.label}: not reported`}
        >
          {s.message}
        </Alert>
      ))}
    </Stack>
  );
}
