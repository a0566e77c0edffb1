import type { THistoryEntry } from '@kindling/contracts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { donationAdminQueries } from '../api/donation-admin.queries.ts';
import { type DonationBits, useDonationBits } from './donation-bits.tsx';

const ACTIONS: Record<string, string> = {
  'donation.recorded': 'Donation recorded',
  'donation.offline_recorded': 'Offline gift entered',
  'donation.refunded': 'Refunded in full',
  'donation.partially_refunded': 'Partly refunded',
  'donation.refund_failed': 'Refund failed at the provider, reversed',
  'donation.dispute_opened': 'Dispute opened, amount withdrawn',
  'donation.dispute_won': 'Dispute won, amount back',
  'donation.dispute_lost': 'Dispute lost',
  'donation.receipt_resent': 'Receipt sent again',
  'donation.thank_you_emailed': 'Thank-you e-mail to a new donor',
  'note.created': 'Note added',
  'note.deleted': 'Note deleted',
  // wallet15: a bank debit settled by its bank days later (decision 038).
  'donation.debit_succeeded': 'Bank debit succeeded, gift counted',
  'donation.debit_failed': 'Bank debit refused by the bank, gift failed',
};

function describe(entry: THistoryEntry, money: DonationBits['money']): string {
  const label = ACTIONS[entry.action] ?? entry.action.replace(/[._]/g, ' ');
  const amount = entry.data.amount_minor;
  const currency = entry.data.currency;
  const moves = entry.action.includes('refund') || entry.action.includes('dispute');
  if (moves && typeof amount === 'number' && typeof currency === 'string') {
    return `${label}: ${money(amount, currency)}`;
  }
  if (entry.action === 'donation.receipt_resent' && typeof entry.data.email === 'string') {
    return `${label} to ${entry.data.email}`;
  }
  return label;
}

/** Who did what to the donation, newest first. */
export function DonationHistory({ donationId }: { donationId: number }) {
  const { money, when } = useDonationBits();
  const npoId = useSession().selectedNpo?.id ?? null;
  const history = useQuery(donationAdminQueries.history(npoId, donationId));
  let body: React.ReactNode;
  if (history.isPending) body = <Skeleton role="status" height={80} aria-label="Loading history" />;
  else if (history.isError)
    body = (
      <Alert color="red" role="alert" title="History could not be loaded">
        <Group gap="xs">
          <Text size="sm">{history.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => history.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  else if (history.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        Nothing has happened to this donation yet.
      </Text>
    );
  else
    body = (
      <Timeline bulletSize={12} lineWidth={2} aria-label="History">
        {history.data.map((entry) => (
          <Timeline.Item key={entry.id} title={describe(entry, money)}>
            <Text size="xs" c="dimmed">
              {entry.actor ?? (typeof entry.data.actor === 'string' ? entry.data.actor : 'Kindling')} ·{' '}
              <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="donation-history">
      <Stack gap="sm">
        <Title order={2} size="h5" id="donation-history">
          History
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
