import type { TCampaignListItem, TCampaignStatus } from '@kindling/contracts';
import { Anchor, Badge, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CircleCheck, CircleDashed, CircleStop, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFormat } from '../../../shared/format.ts';

export const STATUS_LABELS: Record<TCampaignStatus, string> = { active: 'Active', draft: 'Draft', ended: 'Ended' };
const STATUS_COLORS: Record<TCampaignStatus, string> = { active: 'green', draft: 'gray', ended: 'red' };
const STATUS_ICONS: Record<TCampaignStatus, ReactNode> = {
  active: <CircleCheck size={12} aria-hidden />,
  draft: <CircleDashed size={12} aria-hidden />,
  ended: <CircleStop size={12} aria-hidden />,
};

/** The status as a word and an icon, so it never depends on colour alone. */
export function StatusBadge({ status }: { status: TCampaignStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" leftSection={STATUS_ICONS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** A peer (fundraiser) campaign lives under /raise/, the organisation's own at the root. */
export function publicPath(campaign: Pick<TCampaignListItem, 'campaign_url' | 'parent_campaign_id'>): string {
  return campaign.parent_campaign_id ? `/raise/${campaign.campaign_url}` : `/${campaign.campaign_url}`;
}

export function PublicLink({ campaign }: { campaign: Pick<TCampaignListItem, 'campaign_url' | 'parent_campaign_id'> }) {
  const path = publicPath(campaign);
  return (
    <Anchor href={path} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }}>
      {path}
      <ExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/** Raised in the base currency, and how far along the goal when the campaign has one. */
export function RaisedCell({ campaign }: { campaign: TCampaignListItem }) {
  const format = useFormat();
  const raised = format.money(campaign.raised_minor, campaign.raised_currency);
  const goal = campaign.goal_minor;
  if (!goal) return <Text size="sm">{raised}</Text>;
  const percent = Math.floor((campaign.raised_minor / goal) * 100);
  return (
    <Stack gap={4} miw={140}>
      <Text size="sm">
        {raised}{' '}
        <Text span size="xs" c="dimmed">
          of {format.money(goal, campaign.raised_currency)}
        </Text>
      </Text>
      <Progress
        value={Math.min(100, percent)}
        size="sm"
        aria-label={`${percent}% of the goal of ${format.money(goal, campaign.raised_currency)}`}
      />
    </Stack>
  );
}

// The list messages moved to system/list; campaign pages and older imports still find them here.
export { ListMessage, RetryButton } from '../../../system/list/index.ts';
