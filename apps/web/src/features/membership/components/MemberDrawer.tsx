import { MEMBERSHIP_STATUS_LABELS } from '@kindling/contracts';
import { Anchor, Badge, Button, Drawer, Group, NumberInput, Stack, Text, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import {
  cancelMembership,
  extendMembership,
  membershipKeys,
  membershipQueries,
  sendMemberCard,
} from '../api/membership.queries.ts';
import { TierChange } from './TierChange.tsx';

/** A member's page, in a drawer over the list: members, period, payments, history, extend and cancel. */
export function MemberDrawer({
  npoId,
  id,
  canEdit,
  onClose,
}: {
  npoId: number | null;
  id: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const format = useFormat();
  const client = useQueryClient();
  const one = useQuery(membershipQueries.one(npoId, id ?? 0));
  const [months, setMonths] = useState<number | string>(12);
  const refresh = () => client.invalidateQueries({ queryKey: membershipKeys.all });
  const extend = useMutation({ mutationFn: () => extendMembership(id ?? 0, Number(months)), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: () => cancelMembership(id ?? 0), onSuccess: refresh });
  // mem19c: "Resend card" e-mails the member card's link to the first member.
  const resend = useMutation({ mutationFn: () => sendMemberCard(id ?? 0), onSuccess: refresh });
  const m = one.data;
  const error = extend.error ?? cancel.error ?? resend.error;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Membership"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!m ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Stack>
          <Title order={3} size="h4">
            {m.members.map((p) => p.name).join(', ')}
          </Title>
          <Group gap="xs">
            <Badge variant="light" c="dark">
              {MEMBERSHIP_STATUS_LABELS[m.status]}
            </Badge>
            <Text size="sm">
              {m.tier} · {format.money(m.price_minor, m.currency)} ·{' '}
              {m.renewal === 'automatic' ? 'renews automatically' : 'renews by hand'}
            </Text>
          </Group>
          <Stack gap={2}>
            {m.members.map((p) => (
              <Text key={p.email} size="sm">
                {p.name} · {p.email}
              </Text>
            ))}
          </Stack>
          <Text size="sm">
            Joined {format.date(m.joined_at)} · current period {format.date(m.period_start)} to{' '}
            {format.date(m.period_end)}
          </Text>
          {m.donor_id && (
            <Anchor component={Link} to={`/dashboard/donor/${m.donor_id}`} size="sm">
              Open the payer’s donor profile
            </Anchor>
          )}
          <FormAlert message={error ? error.message : null} />
          {canEdit && m.status !== 'cancelled' && (
            <Group align="end">
              <NumberInput label="Months" min={1} max={60} value={months} onChange={setMonths} w={110} />
              <Button onClick={() => extend.mutate()} loading={extend.isPending}>
                Extend
              </Button>
              <Button color="red" variant="light" onClick={() => cancel.mutate()} loading={cancel.isPending}>
                Cancel membership
              </Button>
            </Group>
          )}
          {canEdit && (
            <Group gap="xs">
              <Button variant="default" onClick={() => resend.mutate()} loading={resend.isPending}>
                Resend card
              </Button>
              {resend.data && (
                <Text size="sm" role="status">
                  Card sent to {resend.data.sent_to}.
                </Text>
              )}
            </Group>
          )}
          {canEdit && (m.status === 'active' || m.status === 'in_grace') && (
            <TierChange key={m.id} npoId={npoId} membership={m} onChanged={refresh} />
          )}
          <Title order={4} size="h5">
            Payments
          </Title>
          {m.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              No payments recorded.
            </Text>
          ) : (
            m.payments.map((p) => (
              <Anchor key={p.donation_id} component={Link} to={`/dashboard/donation/${p.donation_id}`} size="sm">
                {format.date(p.at)}: {format.money(p.amount_minor, m.currency)}
              </Anchor>
            ))
          )}
          <Title order={4} size="h5">
            History
          </Title>
          <Timeline bulletSize={12} lineWidth={2}>
            {m.history.map((h) => (
              <Timeline.Item key={`${h.at}-${h.kind}-${h.detail}`} title={h.detail}>
                <Text size="xs" c="dimmed">
                  {format.dateTime(h.at)}
                  {h.actor ? ` · ${h.actor}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
