import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import type { PageEntry } from '../../../shared/page-entry.ts';
import { ListMessage, RetryButton } from '../../../system/list/index.ts';
import { donationAdminQueries } from '../api/donation-admin.queries.ts';
import { Fact, FactCard, useDonationBits } from '../components/donation-bits.tsx';
import { KIND_LABELS, TransactionStatus, whoPaid } from '../components/transaction-bits.tsx';

const ENTRY: PageEntry = {
  title: 'Transaction',
  section: 'Fundraising',
  description: 'One payment attempt as the provider reported it, with the reason when it did not go through.',
  emptyTitle: '',
};
const VALID_ID = /^(payment|refund|dispute|attempt|ticket|ticket_refund|order_refund)-\d{1,15}$/;

function BackLink() {
  return (
    <Anchor component={Link} to="/dashboard/transactions" size="sm">
      Back to transactions
    </Anchor>
  );
}

/** /dashboard/transaction/{id}: payment-12, refund-3 or attempt-7. */
export function TransactionPage() {
  const { money, when } = useDonationBits();
  const id = useParams().id ?? '';
  const npoId = useSession().selectedNpo?.id ?? null;
  const valid = VALID_ID.test(id);
  const query = useQuery({ ...donationAdminQueries.transaction(npoId, id), enabled: valid });
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <PageFrame entry={ENTRY}>
        <Paper withBorder radius="md">
          <ListMessage
            role="alert"
            icon={<SearchX size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
            title="Transaction not found"
            hint="It may belong to another organisation, or the link is wrong."
            action={<BackLink />}
          />
        </Paper>
      </PageFrame>
    );
  }
  const t = query.data;
  if (!t) {
    return (
      <PageFrame entry={ENTRY}>
        {query.isError ? (
          <Alert color="red" role="alert" title="The transaction could not be loaded">
            <Group gap="xs">
              <Text size="sm">{query.error.message}</Text>
              <RetryButton onRetry={() => query.refetch()} loading={query.isFetching} />
            </Group>
          </Alert>
        ) : (
          <Skeleton role="status" height={200} aria-label="Loading transaction" />
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame entry={ENTRY} heading={`${KIND_LABELS[t.kind]} of ${money(t.amount_minor, t.currency)}`}>
      <Group gap="sm">
        <TransactionStatus status={t.status} />
        <BackLink />
      </Group>
      {t.failure_message && (
        <Alert color="red" title="Why it did not go through">
          {t.failure_message}
          {t.failure_code ? ` (${t.failure_code.replace(/_/g, ' ')})` : ''}
        </Alert>
      )}
      <Stack gap="md">
        <FactCard title="Payment">
          <Fact label="Amount">{money(t.amount_minor, t.currency)}</Fact>
          <Fact label="Date">{when(t.created_at)}</Fact>
          <Fact label="Provider">{t.provider ?? '—'}</Fact>
          <Fact label="Provider reference">{t.provider_reference ?? '—'}</Fact>
          <Fact label="Payer">{whoPaid(t)}</Fact>
          <Fact label="E-mail">{t.email ?? '—'}</Fact>
          <Fact label="Campaign">{t.campaign_name ?? '—'}</Fact>
          {/* tix18b: a ticket purchase leads to its order. */}
          {t.ticket_order_id !== null && (
            <Fact label="Ticket order">
              <Anchor component={Link} to={`/dashboard/tickets/${t.ticket_order_id}`} size="sm">
                {t.event_name ?? 'Event'}: order {t.ticket_order_id}
              </Anchor>
            </Fact>
          )}
          <Fact label="Donation">
            {t.donation_id ? (
              <Anchor component={Link} to={`/dashboard/donation/${t.donation_id}`} size="sm">
                Open donation {t.donation_id}
              </Anchor>
            ) : (
              'None (not recorded as a gift)'
            )}
          </Fact>
          <Fact label="Recurring plan">
            {t.recurring_plan_id ? (
              <Anchor component={Link} to={`/dashboard/recurring-plan/${t.recurring_plan_id}`} size="sm">
                Plan {t.recurring_plan_id}
              </Anchor>
            ) : (
              '—'
            )}
          </Fact>
        </FactCard>
      </Stack>
    </PageFrame>
  );
}
