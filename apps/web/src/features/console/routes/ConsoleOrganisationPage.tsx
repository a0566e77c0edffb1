import type { TConsoleOrganisationDetail } from '@kindling/contracts';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { consoleApi, consoleKeys, consoleQueries, type OrganisationAction } from '../api/console.queries.ts';
import { OwnerInvitation } from '../components/OwnerInvitation.tsx';
import { ReasonDialog } from '../components/ReasonDialog.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';

const ENTRY = pageEntry('/console/organizations/:id') ?? {
  title: 'Organisation',
  section: 'Console',
  description: '',
  emptyTitle: '',
};

const ACTIONS: Record<OrganisationAction, { label: string; description: string; danger?: boolean }> = {
  suspend: {
    label: 'Suspend',
    description: 'Its public pages stop taking gifts and its staff see why. Nothing is deleted.',
    danger: true,
  },
  reactivate: { label: 'Reactivate', description: 'Its public pages take gifts again.' },
  verify: { label: 'Verify', description: 'Marks the organisation as checked by the platform.' },
  unverify: { label: 'Remove verification', description: 'Takes the verified badge away.' },
  close: {
    label: 'Close',
    description: 'It stops taking gifts for good. Its data is kept and can still be exported.',
    danger: true,
  },
};

function actionsFor(o: TConsoleOrganisationDetail['organisation']): OrganisationAction[] {
  if (o.status === 'closed') return [];
  return [o.status === 'active' ? 'suspend' : 'reactivate', o.verified ? 'unverify' : 'verify', 'close'];
}

/** /console/organizations/{id}: figures, members, audit trail and the operator's actions. */
export function ConsoleOrganisationPage() {
  const id = Number(useParams().id);
  const detail = useQuery(consoleQueries.organisation(id));
  const queryClient = useQueryClient();
  const format = useFormat();
  const [action, setAction] = useState<OrganisationAction | 'fee' | null>(null);
  const [fee, setFee] = useState<number | string>('');
  const refresh = (data: TConsoleOrganisationDetail) => {
    queryClient.setQueryData(consoleKeys.organisation(id), data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  };
  if (detail.error) {
    return (
      <PageFrame entry={ENTRY}>
        <Alert color="red" role="alert" title="The organisation could not be loaded">
          {detail.error.message}
        </Alert>
      </PageFrame>
    );
  }
  if (!detail.data) {
    return (
      <PageFrame entry={ENTRY}>
        <Skeleton height={240} aria-label="Loading the organisation" />
      </PageFrame>
    );
  }
  const { organisation: o, figures, members, audit, effective_fee_bps } = detail.data;
  const money = (minor: number) => format.money(minor, o.base_currency);
  const chosen = action && action !== 'fee' ? ACTIONS[action] : null;
  return (
    <PageFrame
      entry={ENTRY}
      heading={o.name}
      actions={
        <Group gap="xs">
          {actionsFor(o).map((a) => (
            <Button key={a} variant="light" color={ACTIONS[a].danger ? 'red' : undefined} onClick={() => setAction(a)}>
              {ACTIONS[a].label}
            </Button>
          ))}
          <Button
            variant="default"
            onClick={() => {
              setFee(o.platform_fee_bps ?? '');
              setAction('fee');
            }}
          >
            Change fee
          </Button>
        </Group>
      }
    >
      <Group>
        <StatusBadge status={o.status} verified={o.verified} />
        <Text size="sm" c="dimmed">
          Created {format.date(o.created_at)} · Platform fee {format.decimal(effective_fee_bps / 100)}%
          {o.platform_fee_bps === null ? ' (platform default)' : ''}
        </Text>
      </Group>
      {o.status !== 'active' ? (
        <Alert color="orange" title={o.status === 'suspended' ? 'Suspended: not accepting gifts' : 'Closed'}>
          {o.status_reason}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Gross
          </Text>
          <Text fw={700}>{money(figures.gross_minor)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Refunds
          </Text>
          <Text fw={700}>{money(figures.refunds_minor)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Platform fees
          </Text>
          <Text fw={700}>{money(figures.fees_minor)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Donations
          </Text>
          <Text fw={700}>{format.count(figures.donations)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Active plans
          </Text>
          <Text fw={700}>{format.count(figures.active_plans)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Campaigns
          </Text>
          <Text fw={700}>{format.count(figures.campaigns)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Processors
          </Text>
          <Text fw={700}>
            {o.processors.length > 0
              ? o.processors.map((p) => (p === 'stripe' ? 'Stripe' : 'PayPal')).join(', ')
              : 'None connected'}
          </Text>
        </Card>
      </SimpleGrid>
      {detail.data.owner_invitation ? (
        <OwnerInvitation npoId={id} name={o.name} invitation={detail.data.owner_invitation} />
      ) : null}
      <Title order={2} size="h4">
        Members
      </Title>
      <ScrollTable label="Members" minWidth={480}>
        <Table striped aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((m) => (
              <Table.Tr key={m.user_id}>
                <Table.Td>
                  {m.name || m.email}
                  {m.suspended ? ' (suspended)' : ''}
                </Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>{m.role_name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Title order={2} size="h4">
        Console actions
      </Title>
      {audit.length === 0 ? (
        <Text c="dimmed">No console action yet.</Text>
      ) : (
        <ScrollTable label="Console actions" minWidth={480}>
          <Table striped aria-label="Console actions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{format.dateTime(a.created_at)}</Table.Td>
                  <Table.Td>{a.action.replace('console.', '').replaceAll('_', ' ')}</Table.Td>
                  <Table.Td>{a.actor}</Table.Td>
                  <Table.Td>{a.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ReasonDialog
        opened={chosen !== null}
        title={chosen ? `${chosen.label} ${o.name}` : ''}
        description={chosen?.description ?? ''}
        confirmLabel={chosen?.label ?? ''}
        danger={chosen?.danger ?? false}
        onClose={() => setAction(null)}
        onConfirm={async (reason) =>
          refresh(await consoleApi.actOnOrganisation(id, action as OrganisationAction, reason))
        }
      />
      <ReasonDialog
        opened={action === 'fee'}
        title={`Platform fee of ${o.name}`}
        description="In basis points: 250 is 2.5%. Leave empty for the platform default."
        confirmLabel="Save fee"
        onClose={() => setAction(null)}
        onConfirm={async (reason) =>
          refresh(await consoleApi.changeFee(id, { platform_fee_bps: fee === '' ? null : Number(fee), reason }))
        }
      >
        <NumberInput
          label="Fee in basis points"
          min={0}
          max={1000}
          allowDecimal={false}
          value={fee}
          onChange={setFee}
        />
      </ReasonDialog>
    </PageFrame>
  );
}
