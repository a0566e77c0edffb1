import type { TPortalGift } from '@kindling/contracts';
import { Anchor, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { useGifts } from '../api/portal.queries.ts';
import { type PortalSource, receiptHref } from '../api/portal-api.ts';
import { INTERVAL_LABELS, ListState, usePortalFormat } from './PortalBits.tsx';

export function ReceiptLink({ source, gift }: { source: PortalSource; gift: TPortalGift }) {
  const format = usePortalFormat(source);
  if (!gift.has_receipt) return null;
  return (
    <Anchor href={receiptHref(source, gift.id)} download size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <Download size={14} aria-hidden />
        Receipt
        <VisuallyHidden>{` of ${format.date(gift.created_at)}`}</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

function GiftRow({ source, gift }: { source: PortalSource; gift: TPortalGift }) {
  const format = usePortalFormat(source);
  const detail = source.giftPath(gift.id);
  const amount = format.money(gift.amount_minor, gift.currency);
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>
            {detail ? (
              <Anchor component={Link} to={detail} inherit>
                {amount}
              </Anchor>
            ) : (
              amount
            )}
            {gift.status === 'refunded' ? (
              <Text span c="dimmed" size="sm">
                {' '}
                (refunded)
              </Text>
            ) : null}
          </Text>
          <Text size="sm" c="dimmed">
            {format.date(gift.created_at)} · {INTERVAL_LABELS[gift.interval] ?? gift.interval}
            {gift.campaign_name ? ` · ${gift.campaign_name}` : ''}
          </Text>
        </Stack>
        <ReceiptLink source={source} gift={gift} />
      </Group>
    </Paper>
  );
}

/** The donor's gifts, newest first, each with its receipt PDF. */
export function GiftList({ source }: { source: PortalSource }) {
  const gifts = useGifts(source);
  return (
    <ListState
      label="donations"
      pending={gifts.isPending}
      error={gifts.error}
      empty={(gifts.data ?? []).length === 0}
      emptyText="No donations to show yet."
      onRetry={() => gifts.refetch()}
    >
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Past donations">
        {(gifts.data ?? []).map((gift) => (
          <GiftRow key={gift.id} source={source} gift={gift} />
        ))}
      </Stack>
    </ListState>
  );
}
