import type { TDonorTimelineEvent } from '@kindling/contracts';
import { Anchor, Text, Timeline } from '@mantine/core';
import { CircleDollarSign, CirclePause, CirclePlay, CircleX, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';

const TITLES: Record<TDonorTimelineEvent['kind'], string> = {
  donation: 'Gift',
  refund: 'Refund',
  plan_started: 'Recurring plan started',
  plan_paused: 'Recurring plan paused',
  plan_cancelled: 'Recurring plan cancelled',
  plan_failed: 'Recurring plan failed',
};
const ICONS: Record<TDonorTimelineEvent['kind'], ReactNode> = {
  donation: <CircleDollarSign size={14} aria-hidden />,
  refund: <Undo2 size={14} aria-hidden />,
  plan_started: <CirclePlay size={14} aria-hidden />,
  plan_paused: <CirclePause size={14} aria-hidden />,
  plan_cancelled: <CircleX size={14} aria-hidden />,
  plan_failed: <CircleX size={14} aria-hidden />,
};

function EventTitle({ event }: { event: TDonorTimelineEvent }) {
  const format = useFormat();
  const amount =
    event.amount_minor !== null && event.currency ? ` · ${format.money(event.amount_minor, event.currency)}` : '';
  const text = `${TITLES[event.kind]}${amount}`;
  if (event.kind === 'donation' && event.donation_id) {
    return (
      <Anchor component={Link} to={`/dashboard/donation/${event.donation_id}`} fw={600} size="sm">
        {text}
      </Anchor>
    );
  }
  if (event.kind.startsWith('plan_') && event.plan_id) {
    return (
      <Anchor component={Link} to={`/dashboard/recurring-plan/${event.plan_id}`} fw={600} size="sm">
        {text}
      </Anchor>
    );
  }
  return (
    <Text fw={600} size="sm">
      {text}
    </Text>
  );
}

/** Gifts, refunds and plan events, newest first. */
export function DonorTimeline({ events }: { events: TDonorTimelineEvent[] }) {
  const format = useFormat();
  if (events.length === 0) return <Text c="dimmed">No gifts recorded yet.</Text>;
  return (
    <Timeline bulletSize={24} lineWidth={2} aria-label="Giving history">
      {events.map((e) => (
        <Timeline.Item
          key={`${e.kind}-${e.donation_id ?? e.plan_id}-${e.at}-${e.amount_minor}`}
          bullet={ICONS[e.kind]}
          title={<EventTitle event={e} />}
        >
          <Text size="xs" c="dimmed">
            <time dateTime={e.at}>{format.date(e.at)}</time>
            {e.detail ? ` · ${e.detail}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
