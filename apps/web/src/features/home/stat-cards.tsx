import type { THomeCard, TOrganisationStats } from '@kindling/contracts';
import { Group, Paper, Progress, Text, ThemeIcon } from '@mantine/core';
import {
  CalendarDays,
  CalendarRange,
  Coins,
  HandHeart,
  type LucideIcon,
  Repeat,
  Scale,
  Target,
  Users,
} from 'lucide-react';
import type { Format } from '../../shared/format.ts';

export type StatCardData = {
  /** The card's name in the user's dashboard settings. */
  key: THomeCard;
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  /** 0–100 when the figure has a goal to compare with. */
  progress?: number;
};

const plural = (format: Format, n: number, one: string, many: string) =>
  `${format.count(n)} ${Number(n) === 1 ? one : many}`;

function monthCard(stats: TOrganisationStats, format: Format): StatCardData {
  const money = (minor: number) => format.money(minor, stats.currency);
  const goal = Number(stats.monthly_goal);
  const raised = Number(stats.monthly_raised);
  if (goal > 0) {
    return {
      key: 'raised_this_month',
      label: 'Raised this month',
      value: money(raised),
      hint: `${Math.round((raised / goal) * 100)}% of the ${money(goal)} goal`,
      icon: CalendarRange,
      progress: Math.min(100, (raised / goal) * 100),
    };
  }
  return {
    key: 'raised_this_month',
    label: 'Raised this month',
    value: money(raised),
    hint: plural(format, stats.new_donations, 'gift this month', 'gifts this month'),
    icon: CalendarRange,
  };
}

function eventHint(event: TOrganisationStats['upcoming_event'], format: Format): string {
  if (!event) return 'No upcoming event';
  const date = new Date(event.starts_at);
  const day = Number.isNaN(date.getTime()) ? '' : ` on ${format.shortDay(date)}`;
  return `Next: ${event.name}${day}`;
}

/** The figures in docs/product/analysis.md#home (organisation statistics) as eight cards. */
export function statCards(stats: TOrganisationStats, format: Format): StatCardData[] {
  const money = (minor: number) => format.money(minor, stats.currency);
  return [
    {
      key: 'total_raised',
      label: 'Total raised',
      value: money(stats.donations_total),
      // Says what it adds up: the donations list's totals are gross, every listed status included.
      hint: `${plural(format, stats.total_donations, 'donation', 'donations')}, net of refunds`,
      icon: HandHeart,
    },
    monthCard(stats, format),
    {
      key: 'donors',
      label: 'Donors',
      value: format.count(stats.donors_count),
      hint: `${format.count(stats.new_donors)} new this month`,
      icon: Users,
    },
    {
      key: 'average_gift',
      label: 'Average gift',
      value: money(stats.average_donation),
      hint: 'Across all successful donations',
      icon: Scale,
    },
    {
      key: 'recurring_donors',
      label: 'Recurring donors',
      value: format.count(stats.recurring_donors),
      hint: `${money(stats.recurring_monthly)} recurring this month`,
      icon: Repeat,
    },
    {
      key: 'recurring_raised',
      label: 'Recurring raised',
      value: money(stats.recurring_donations_total),
      hint: plural(
        format,
        stats.new_recurring_donations,
        'new recurring gift this month',
        'new recurring gifts this month',
      ),
      icon: Coins,
    },
    {
      key: 'active_campaigns',
      label: 'Active campaigns',
      value: format.count(stats.active_campaigns_count),
      hint: `of ${plural(format, stats.campaigns_count, 'campaign', 'campaigns')}`,
      icon: Target,
    },
    {
      key: 'events',
      label: 'Events',
      value: format.count(stats.events_count),
      hint: eventHint(stats.upcoming_event, format),
      icon: CalendarDays,
    },
  ];
}

export function StatCard({ card }: { card: StatCardData }) {
  const Icon = card.icon;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="article" aria-label={card.label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" fw={500}>
          {card.label}
        </Text>
        <ThemeIcon variant="light" radius="md" size="md" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
      </Group>
      <Text fz={{ base: 20, sm: 26 }} fw={700} mt={4} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {card.value}
      </Text>
      {card.progress !== undefined && (
        <Progress value={card.progress} size="sm" mt="xs" aria-label={`${card.label}: progress to goal`} />
      )}
      <Text size="xs" c="dimmed" mt={6}>
        {card.hint}
      </Text>
    </Paper>
  );
}
