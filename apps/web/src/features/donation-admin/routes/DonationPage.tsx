import { canReach, INTERVAL_LABELS, type TDonationDetail, type TDonationDispute } from '@kindling/contracts';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, Phone, SearchX, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useCan, useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ListMessage, RetryButton } from '../../../system/list/index.ts';
import { SoftCreditsPanel } from '../../crm/index.ts';
import { DonationStatus, donorName } from '../../donations/index.ts';
import { NotesPanel } from '../../notes/index.ts';
import { donationAdminKeys, donationAdminQueries, resendReceipt } from '../api/donation-admin.queries.ts';
import { DonationHistory } from '../components/DonationHistory.tsx';
import {
  AmountFacts,
  DonorWallFacts,
  Fact,
  FactCard,
  methodLabel,
  useDonationBits,
} from '../components/donation-bits.tsx';
import { RefundModal } from '../components/RefundModal.tsx';
import { SandboxDebitButton } from '../components/SandboxDebitButton.tsx';
import { SandboxDisputeButtons } from '../components/SandboxDisputeButtons.tsx';
import { TributeCard } from '../components/TributeCard.tsx';

const ENTRY = pageEntry('/dashboard/donation/:id') ?? {
  title: 'Donation',
  section: 'Fundraising',
  description: '',
  emptyTitle: '',
};

function NotFound() {
  return (
    <PageFrame entry={ENTRY}>
      <Paper withBorder radius="md">
        <ListMessage
          role="alert"
          icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
          title="Donation not found"
          hint="It may belong to another organisation, or the link is wrong."
          action={
            <Anchor component={Link} to="/dashboard/donations" size="sm">
              Back to donations
            </Anchor>
          }
        />
      </Paper>
    </PageFrame>
  );
}

function Actions({ d, canRefund }: { d: TDonationDetail; canRefund: boolean }) {
  const [refunding, setRefunding] = useState(false);
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendReceipt(d.id),
    onSuccess: (result) => {
      notifications.show({ color: 'green', message: `The receipt is on its way to ${result.email}.` });
      void queryClient.invalidateQueries({ queryKey: donationAdminKeys.history(npoId, d.id) });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  return (
    <Group gap="xs">
      {d.status === 'succeeded' && (
        <Button
          variant="default"
          leftSection={<Mail size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend receipt
        </Button>
      )}
      {canRefund && d.refundable && (
        <>
          <Button
            color="red"
            variant="light"
            leftSection={<Undo2 size={16} aria-hidden />}
            onClick={() => setRefunding(true)}
          >
            Refund
          </Button>
          <RefundModal donation={d} opened={refunding} onClose={() => setRefunding(false)} />
        </>
      )}
      {canRefund && <SandboxDisputeButtons d={d} />}
      {/* wallet15: a processing sandbox debit settled now, for demos (decision 038). */}
      {canRefund && <SandboxDebitButton d={d} />}
      {/* deals20: a CRM task to thank the donor by phone, prefilled with this gift. */}
      <Button
        size="xs"
        variant="subtle"
        leftSection={<Phone size={14} aria-hidden />}
        component={Link}
        to={`/dashboard/crm/tasks?donation=${d.id}&title=${encodeURIComponent('Thank by phone')}`}
      >
        Thank by phone
      </Button>
    </Group>
  );
}

function GiftCards({ d }: { d: TDonationDetail }) {
  const { when } = useDonationBits();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <FactCard title="Amount">
        <AmountFacts d={d} />
      </FactCard>
      <FactCard title="Donor">
        <Fact label="Name">
          <Anchor component={Link} to={`/dashboard/donor/${d.donor.id}`} size="sm">
            {donorName(d)}
          </Anchor>
        </Fact>
        <Fact label="E-mail">{d.donor.email}</Fact>
        <Fact label="Comment">{d.comment || '—'}</Fact>
        <DonorWallFacts d={d} />
      </FactCard>
      <FactCard title="Gift">
        <Fact label="Campaign">
          {d.campaign_id ? (
            <Anchor component={Link} to={`/dashboard/campaign-donations/${d.campaign_id}`} size="sm">
              {d.campaign_name ?? `Campaign ${d.campaign_id}`}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Designation">{d.designation ?? '—'}</Fact>
        <Fact label="Interval">{INTERVAL_LABELS[d.interval]}</Fact>
        <Fact label="Date">{when(d.created_at)}</Fact>
        <Fact label="Recurring plan">
          {d.recurring_plan ? (
            <Anchor component={Link} to={`/dashboard/recurring-plan/${d.recurring_plan.id}`} size="sm">
              Plan {d.recurring_plan.id} ({d.recurring_plan.status.replace('_', ' ')})
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Entered by">{d.created_by ?? 'Donation form'}</Fact>
      </FactCard>
      <FactCard title="Payment and receipt">
        <Fact label="Method">{methodLabel(d)}</Fact>
        <Fact label="Provider">{d.provider ?? '—'}</Fact>
        <Fact label="Provider reference">{d.provider_reference ?? '—'}</Fact>
        <Fact label="Receipt number">{d.receipt_number ?? '—'}</Fact>
        <Fact label="Receipt sent">{when(d.receipt_sent_at)}</Fact>
        <Fact label="Refunded on">{when(d.refunded_at)}</Fact>
      </FactCard>
      <FactCard title="Answers and Gift Aid">
        {d.answers.length === 0 && <Fact label="Answers">None</Fact>}
        {d.answers.map((a) => (
          <Fact key={`${a.question_id}-${a.question}`} label={a.question}>
            {a.answer}
          </Fact>
        ))}
        <Fact label="Gift Aid">
          {d.gift_aid_declaration
            ? `${d.gift_aid_declaration.name}, ${d.gift_aid_declaration.address}, ${d.gift_aid_declaration.postcode} (declared ${d.gift_aid_declaration.declared_on})`
            : 'No'}
        </Fact>
      </FactCard>
      <RefundsCard d={d} />
      <DisputesCard d={d} />
      {/* conv15: tribute gifts. */}
      <TributeCard d={d} />
    </SimpleGrid>
  );
}

function RefundsCard({ d }: { d: TDonationDetail }) {
  const { money, when } = useDonationBits();
  const atProvider = `at ${providerLabel(d.provider)}`;
  return (
    <FactCard title="Refunds">
      {d.refunds.length === 0 ? (
        <Fact label="Refunds">None</Fact>
      ) : (
        d.refunds.map((r) => (
          <Fact
            key={r.id}
            label={`${when(r.created_at)} · ${r.source === 'provider' ? atProvider : (r.created_by ?? 'staff')}`}
          >
            {money(r.amount_minor, r.currency)}
            {r.reason ? ` (${r.reason})` : ''}
            {r.status === 'failed' && (
              <Text component="span" display="block" size="sm" fw={500} c="red.8">
                Refund failed{r.failure_reason ? ` (${r.failure_reason.replace(/_/g, ' ')})` : ''}: the money was not
                returned
              </Text>
            )}
          </Fact>
        ))
      )}
    </FactCard>
  );
}

const DISPUTE_LABELS: Record<TDonationDispute['status'], string> = {
  open: 'Open: the amount is withdrawn until it is decided',
  won: 'Won: the amount came back',
  lost: 'Lost: the amount went back to the donor',
};

/** Chargebacks the provider reported; shown only when there are any. */
function DisputesCard({ d }: { d: TDonationDetail }) {
  const { money, when } = useDonationBits();
  if (d.disputes.length === 0) return null;
  return (
    <FactCard title="Disputes">
      {d.disputes.map((x) => (
        <Fact key={x.id} label={`${when(x.opened_at)} · ${money(x.amount_minor, x.currency)}`}>
          {DISPUTE_LABELS[x.status]}
          {x.reason ? ` (reason: ${x.reason.replace(/_/g, ' ').toLowerCase()})` : ''}
          {x.closed_at ? `, ${when(x.closed_at)}` : ''}
        </Fact>
      ))}
    </FactCard>
  );
}

const providerLabel = (provider: string | null) =>
  provider === 'stripe'
    ? 'Stripe'
    : provider === 'paypal'
      ? 'PayPal'
      : provider === 'sandbox'
        ? 'the sandbox'
        : 'the provider';

/** /dashboard/donation/{id}: everything recorded for a gift, refund, receipt, notes and history. */
export function DonationPage() {
  const { money } = useDonationBits();
  const id = Number.parseInt(useParams().id ?? '', 10);
  const validId = Number.isSafeInteger(id) && id > 0;
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const mayRefund = useCan('donations.refund');
  const canRefund = canReach('admin', effectiveRoleCode(session.role, session.roleName)) && mayRefund;
  const donation = useQuery({ ...donationAdminQueries.donation(npoId, id), enabled: validId });

  if (!validId || (donation.error instanceof ApiError && donation.error.status === 404)) return <NotFound />;
  const d = donation.data;
  if (!d) {
    return (
      <PageFrame entry={ENTRY}>
        {donation.isError ? (
          <Alert color="red" role="alert" title="The donation could not be loaded">
            <Group gap="xs">
              <Text size="sm">{donation.error.message}</Text>
              <RetryButton onRetry={() => donation.refetch()} loading={donation.isFetching} />
            </Group>
          </Alert>
        ) : (
          <Stack gap="md" aria-label="Loading donation" role="status">
            <Skeleton height={32} width="60%" />
            <Skeleton height={180} />
          </Stack>
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame
      entry={ENTRY}
      heading={`${money(d.amount_minor, d.currency)} from ${donorName(d)}`}
      actions={<Actions d={d} canRefund={canRefund} />}
    >
      <Group gap="sm">
        <DonationStatus status={d.status} />
        {d.disputes.some((x) => x.status === 'open') && (
          <Badge color="orange" variant="light" style={{ '--badge-color': 'var(--mantine-color-text)' }}>
            Disputed
          </Badge>
        )}
        {d.refunded_minor > 0 && d.status === 'succeeded' && (
          <Text size="sm" c="dimmed">
            {money(d.refunded_minor, d.currency)} refunded, {money(d.refundable_minor, d.currency)} left
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Donation {d.id}
        </Text>
      </Group>
      <GiftCards d={d} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <NotesPanel subject="donation" id={d.id} />
        </Paper>
        <DonationHistory donationId={d.id} />
        {/* crm20: the contacts this gift is credited to besides its donor. */}
        <Paper withBorder radius="md" p="md">
          <SoftCreditsPanel npoId={npoId} donationId={d.id} />
        </Paper>
      </SimpleGrid>
    </PageFrame>
  );
}
