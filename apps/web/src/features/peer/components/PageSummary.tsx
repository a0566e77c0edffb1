import { peerConversionPercent, type TPeerPage } from '@kindling/contracts';
import {
  Anchor,
  Badge,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Check, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';

const CHECKLIST: Array<{ key: keyof TPeerPage['checklist']; label: string }> = [
  { key: 'photo', label: 'Add a photo' },
  { key: 'story', label: 'Tell your story' },
  { key: 'first_share', label: 'Share your page' },
  { key: 'first_gift', label: 'Receive your first gift' },
  { key: 'self_donation', label: 'Make your own gift' },
];

const MILESTONE_LABELS: Record<TPeerPage['milestones'][number]['milestone'], string> = {
  first_gift: 'First gift',
  '25': '25 % of your goal',
  '50': '50 % of your goal',
  '75': '75 % of your goal',
  '100': 'Goal reached',
};

export const STATE_LABELS: Record<TPeerPage['state'], string> = {
  live: 'Live',
  pending: 'Waiting for approval',
  hidden: 'Hidden by the organisation',
  removed: 'Removed',
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={20} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** A page's progress, figures and checklist, with links to edit it and see its gifts. */
export function PageSummary({ page }: { page: TPeerPage }) {
  const format = useFormat();
  const goal = page.goal_minor;
  const percent = goal ? Math.min(100, Math.round((page.raised_minor / goal) * 100)) : 0;
  const rate = peerConversionPercent(page.gifts, page.views);
  const conversion = rate === null ? '—' : `${format.count(rate)} %`;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {page.title}
          </Title>
          <Text size="sm" c="dimmed">
            For {page.campaign_name} ·{' '}
            <Anchor href={`/raise/${page.campaign_url}`} target="_blank" size="sm">
              /raise/{page.campaign_url}
            </Anchor>
          </Text>
        </Stack>
        <Badge color={page.state === 'live' ? 'teal.9' : 'gray.8'} variant="filled">
          {STATE_LABELS[page.state]}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text>
          <strong>{format.money(page.raised_minor, page.currency)}</strong>{' '}
          {goal ? `raised of ${format.money(goal, page.currency)}` : 'raised'}
        </Text>
        {goal ? <Progress value={percent} aria-label={`${percent} % of the goal`} size="lg" /> : null}
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Donors" value={format.count(page.donors)} />
        <Stat label="Gifts" value={format.count(page.gifts)} />
        <Stat label="Page views" value={format.count(page.views)} />
        <Stat label="Conversion" value={conversion} />
      </SimpleGrid>
      <Group gap="md">
        <Anchor component={Link} to={`/peer-campaign-edit/${page.id}`}>
          Edit your page
        </Anchor>
        <Anchor component={Link} to={`/peer-donations/${page.id}`}>
          All donations
        </Anchor>
      </Group>
      {/* The milestones the fundraiser was e-mailed about (docs/decisions/051-peer-teams-and-milestones.md). */}
      {page.milestones.length > 0 && (
        <Stack gap={6}>
          <Text fw={600} id={`milestones-${page.id}`}>
            Milestones
          </Text>
          <List spacing={4} aria-labelledby={`milestones-${page.id}`}>
            {page.milestones.map((m) => (
              <List.Item key={m.milestone}>
                <Text size="sm">
                  {MILESTONE_LABELS[m.milestone]} · {format.date(m.reached_at)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Stack gap={6}>
        <Text fw={600}>Get started</Text>
        <List spacing={4} center>
          {CHECKLIST.map((item) => {
            const done = page.checklist[item.key];
            return (
              <List.Item
                key={item.key}
                icon={
                  <ThemeIcon size={20} radius="xl" color={done ? 'green' : 'gray'} variant={done ? 'filled' : 'light'}>
                    {done ? <Check size={12} aria-hidden /> : <Circle size={10} aria-hidden />}
                  </ThemeIcon>
                }
              >
                <Text size="sm" td={done ? 'line-through' : undefined}>
                  {item.label}
                  <VisuallyHidden>{done ? ' (done)' : ' (to do)'}</VisuallyHidden>
                </Text>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Stack>
  );
}
