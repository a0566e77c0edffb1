import { canReach, type TRecurringPlanDetail } from '@kindling/contracts';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CirclePause, CirclePlay, CircleX, Pencil, RotateCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ListMessage, RetryButton } from '../../../system/list/index.ts';
import { NotesPanel } from '../../notes/index.ts';
import { type PlanAction, recurringApi, recurringKeys, recurringQueries } from '../api/recurring.queries.ts';
import { ChargeHistory } from '../components/ChargeHistory.tsx';
import { PlanCard } from '../components/PlanCard.tsx';
import { ChangePlanModal, ConfirmActionModal } from '../components/PlanChanges.tsx';
import { donorNameOf, FAILURE_REASONS, PlanStatusBadge, perInterval } from '../components/plan-bits.tsx';
import classes from '../readable.module.css';

const ENTRY = pageEntry('/dashboard/recurring-plan/:id') ?? {
  title: 'Recurring plan',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'Sandbox' };

function PlanFacts({ plan }: { plan: TRecurringPlanDetail }) {
  const format = useFormat();
  const reason = plan.failure_reason ? (FAILURE_REASONS[plan.failure_reason] ?? plan.failure_reason) : null;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md">
        <Fact label="Amount">
          {format.money(plan.amount_minor, plan.currency)} {perInterval(plan.interval)}
        </Fact>
        <Fact label="Next charge">{format.date(plan.next_charge_at)}</Fact>
        <Fact label="Last charged">{format.date(plan.last_charged_at)}</Fact>
        <Fact label="Started">{format.date(plan.started_at)}</Fact>
        <Fact label="Donor">
          <Anchor component={Link} to={`/dashboard/donor/${plan.donor.id}`}>
            {donorNameOf(plan.donor)}
          </Anchor>
        </Fact>
        <Fact label="Campaign">{plan.campaign_name ?? '—'}</Fact>
        <Fact label="Payment method">
          <PlanCard card={plan.card} provider={plan.provider} hasMethod={plan.payment_method_id !== null} />
          <Text size="xs" c="dimmed">
            via {PROVIDER_NAMES[plan.provider] ?? plan.provider}
          </Text>
        </Fact>
        <Fact label="Status">
          <PlanStatusBadge status={plan.status} />
          {reason ? (
            <Text size="xs" c="dimmed">
              {reason}
            </Text>
          ) : null}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function PastDueNotice({ plan }: { plan: TRecurringPlanDetail }) {
  const format = useFormat();
  if (plan.status !== 'past_due') return null;
  const last = plan.charges.find((c) => c.kind === 'attempt');
  return (
    <Alert color="orange" icon={<TriangleAlert size={18} aria-hidden />} title="The last charge failed">
      {last?.failure_message ?? 'The payment was declined.'} The donor was e-mailed a link to update their payment
      method. Next retry: {format.date(plan.next_charge_at)} ({plan.retries_left}{' '}
      {plan.retries_left === 1 ? 'retry' : 'retries'} left before the plan is cancelled).
    </Alert>
  );
}

function PlanActions({ plan }: { plan: TRecurringPlanDetail }) {
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [action, setAction] = useState<PlanAction | null>(null);
  const retry = useMutation({
    mutationFn: () => recurringApi.retry(plan.id),
    onSuccess: async (result) => {
      notifications.show({ color: result.outcome === 'charged' ? 'green' : 'orange', message: result.message });
      await queryClient.invalidateQueries({ queryKey: recurringKeys.all });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const open = ['active', 'paused', 'past_due'].includes(plan.status);
  return (
    <Group gap="xs">
      {open ? (
        <Button variant="default" leftSection={<Pencil size={16} aria-hidden />} onClick={() => setChanging(true)}>
          Change
        </Button>
      ) : null}
      {plan.status === 'past_due' ? (
        <Button
          leftSection={<RotateCw size={16} aria-hidden />}
          loading={retry.isPending}
          onClick={() => retry.mutate()}
        >
          Retry now
        </Button>
      ) : null}
      {plan.status === 'active' || plan.status === 'past_due' ? (
        <Button
          variant="default"
          leftSection={<CirclePause size={16} aria-hidden />}
          onClick={() => setAction('pause')}
        >
          Pause
        </Button>
      ) : null}
      {plan.status === 'paused' ? (
        <Button leftSection={<CirclePlay size={16} aria-hidden />} onClick={() => setAction('resume')}>
          Resume
        </Button>
      ) : null}
      {plan.status !== 'cancelled' ? (
        <Button
          variant="light"
          color="red"
          leftSection={<CircleX size={16} aria-hidden />}
          onClick={() => setAction('cancel')}
        >
          Cancel plan
        </Button>
      ) : null}
      {changing ? <ChangePlanModal plan={plan} opened onClose={() => setChanging(false)} /> : null}
      <ConfirmActionModal plan={plan} action={action} onClose={() => setAction(null)} />
    </Group>
  );
}

/** /dashboard/recurring-plan/{id}: one plan, what staff can do with it, and its charges. */
export function RecurringPlanPage() {
  const format = useFormat();
  const session = useSession();
  const canWrite = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  const npoId = session.selectedNpo?.id ?? null;
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const plan = useQuery({ ...recurringQueries.detail(npoId, id), enabled: validId });
  const mobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const notFound = !validId || (plan.error instanceof ApiError && plan.error.status === 404);

  if (notFound) {
    return (
      <PageFrame entry={ENTRY}>
        <ListMessage
          title="Recurring plan not found"
          hint="It may belong to another organisation."
          action={
            <Button component={Link} to="/dashboard/recurring" variant="light">
              All recurring plans
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (plan.isError) {
    return (
      <PageFrame entry={ENTRY}>
        <ListMessage
          role="alert"
          title="The plan could not be loaded"
          hint={plan.error.message}
          action={<RetryButton onRetry={() => plan.refetch()} loading={plan.isFetching} />}
        />
      </PageFrame>
    );
  }
  const data = plan.data;
  return (
    <div className={classes.readable}>
      <PageFrame
        entry={ENTRY}
        heading={
          data
            ? `${donorNameOf(data.donor)}: ${format.money(data.amount_minor, data.currency)} ${perInterval(data.interval)}`
            : undefined
        }
      >
        {!data ? (
          <Stack aria-busy="true" aria-label="Loading the plan">
            <Skeleton height={120} />
            <Skeleton height={200} />
          </Stack>
        ) : (
          <>
            <PastDueNotice plan={data} />
            {canWrite ? <PlanActions plan={data} /> : null}
            <PlanFacts plan={data} />
            <Stack gap="xs">
              <Title order={2} fz="lg">
                Charge history
              </Title>
              <ChargeHistory charges={data.charges} mobile={mobile} />
            </Stack>
            <NotesPanel subject="recurring_plan" id={data.id} />
          </>
        )}
      </PageFrame>
    </div>
  );
}
