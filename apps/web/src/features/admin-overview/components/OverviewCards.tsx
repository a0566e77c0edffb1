import type { TAdminOverview } from '@kindling/contracts';
import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type CardProps = { id: string; title: string; to: string; action: string; children: ReactNode };

function Card({ id, title, to, action, children }: CardProps) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Stack gap={6} style={{ flex: 1 }}>
          {children}
        </Stack>
        <Anchor component={Link} to={to} size="sm" fw={500}>
          {action}
        </Anchor>
      </Stack>
    </Paper>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SetUpCard({ launchpad }: { launchpad: TAdminOverview['launchpad'] }) {
  const share = launchpad.total === 0 ? 0 : Math.round((launchpad.done / launchpad.total) * 100);
  return (
    <Card id="overview-setup" title="Set-up" to="/dashboard/launchpad" action="Open the launchpad">
      <Text id="overview-setup-progress">
        {launchpad.done} of {launchpad.total} set-up steps done
      </Text>
      <Progress.Root>
        <Progress.Section value={share} aria-label="Set-up progress" />
      </Progress.Root>
    </Card>
  );
}

export function TeamCard({ team }: { team: TAdminOverview['team'] }) {
  return (
    <Card id="overview-team" title="Team" to="/admin/team" action="Manage the team">
      <Text fz={26} fw={700} lh={1.2}>
        {count(team.members, 'member', 'members')}
      </Text>
      <Text size="sm" c="dimmed">
        {team.active} active{team.suspended > 0 ? `, ${team.suspended} suspended` : ''}
      </Text>
      <Text size="sm">
        {team.pending_invitations === 0
          ? 'No pending invitations'
          : count(team.pending_invitations, 'pending invitation', 'pending invitations')}
        {team.expired_invitations > 0 ? ` · ${count(team.expired_invitations, 'expired', 'expired')}` : ''}
      </Text>
    </Card>
  );
}

function ProviderLine({
  label,
  provider,
  live,
  detail,
}: {
  label: string;
  provider: string | null;
  live: boolean;
  detail: string | null;
}) {
  const name =
    provider === null
      ? 'Not connected'
      : provider === 'sandbox'
        ? 'Sandbox (test money)'
        : provider === 'stripe'
          ? 'Stripe'
          : 'PayPal';
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {label}: {name}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        ) : null}
      </Stack>
      {provider === null ? (
        <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
          Off
        </Badge>
      ) : (
        <Badge color={live ? 'teal.9' : 'orange'} variant={live ? 'filled' : 'light'} style={{ flexShrink: 0 }}>
          {live ? 'Live' : 'Test'}
        </Badge>
      )}
    </Group>
  );
}

export function ProvidersCard({ processors }: { processors: TAdminOverview['processors'] }) {
  return (
    <Card id="overview-providers" title="Payment providers" to="/admin/processors" action="Manage payment processors">
      <ProviderLine
        label="Cards"
        provider={processors.card.provider}
        live={processors.card.live}
        detail={processors.card.connected_account_id}
      />
      <ProviderLine
        label="PayPal"
        provider={processors.wallet.provider}
        live={processors.wallet.live}
        detail={processors.wallet.email}
      />
      {processors.mode === 'sandbox' ? (
        <Text size="xs" c="dimmed">
          No provider keys are configured here: the sandbox takes every payment, and no real money moves.
        </Text>
      ) : null}
    </Card>
  );
}

export function SecurityCard({ security }: { security: TAdminOverview['security'] }) {
  const people = security.without_second_factor;
  return (
    <Card id="overview-security" title="Security" to="/admin/security" action="Open the security centre">
      {people.length === 0 ? (
        <Text size="sm">Every active member signs in with a second factor.</Text>
      ) : (
        <>
          <Text size="sm" fw={500}>
            {count(people.length, 'member signs', 'members sign')} in without a second factor:
          </Text>
          <List size="sm" spacing={2}>
            {people.slice(0, 5).map((p) => (
              <List.Item key={p.user_id}>
                {p.name || p.email}{' '}
                <Text span c="dimmed" size="xs">
                  ({p.role_name})
                </Text>
              </List.Item>
            ))}
          </List>
          {people.length > 5 ? (
            <Text size="xs" c="dimmed">
              and {people.length - 5} more
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}
