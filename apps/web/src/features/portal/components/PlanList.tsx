import type { TPortalPlan } from '@kindling/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Format } from '../../../shared/format.ts';
import { CardExpiryBadge } from '../../recurring/index.ts';
import { usePlans } from '../api/portal.queries.ts';
import type { PortalSource } from '../api/portal-api.ts';
import { INTERVAL_LABELS, ListState, PlanStatusBadge, usePortalFormat } from './PortalBits.tsx';

export function planTitle(plan: TPortalPlan, format: Format) {
  return `${format.money(plan.amount_minor, plan.currency)} ${(INTERVAL_LABELS[plan.interval] ?? plan.interval).toLowerCase()}`;
}

export function PlanSummary({ source, plan }: { source: PortalSource; plan: TPortalPlan }) {
  const format = usePortalFormat(source);
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={600}>{planTitle(plan, format)}</Text>
        <PlanStatusBadge status={plan.status} />
        {plan.card && plan.status !== 'cancelled' ? <CardExpiryBadge card={plan.card} /> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {plan.campaign_name ? `${plan.campaign_name} · ` : ''}
        {plan.status === 'cancelled' || plan.status === 'paused'
          ? `Started ${format.date(plan.started_at)}`
          : `Next charge ${format.date(plan.next_charge_at)}`}
        {plan.payment_method_label ? ` · ${plan.payment_method_label}` : ''}
      </Text>
    </Stack>
  );
}

/** The donor's recurring donations, each with a way to change it. */
export function PlanList({ source }: { source: PortalSource }) {
  const format = usePortalFormat(source);
  const plans = usePlans(source);
  return (
    <ListState
      label="recurring donations"
      pending={plans.isPending}
      error={plans.error}
      empty={(plans.data ?? []).length === 0}
      emptyText="No recurring donations."
      onRetry={() => plans.refetch()}
    >
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Recurring donations">
        {(plans.data ?? []).map((plan) => (
          <Paper key={plan.id} withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <PlanSummary source={source} plan={plan} />
              {plan.status !== 'cancelled' ? (
                <Button
                  component={Link}
                  to={source.planPath(plan.id)}
                  variant="light"
                  size="xs"
                  aria-label={`Change ${planTitle(plan, format)}`}
                >
                  Change
                </Button>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    </ListState>
  );
}
