import {
  CONSTANTS,
  canReach,
  LISTED_STATUSES,
  MEMBERSHIP_STATUS_LABELS,
  type TMembershipFigures,
  type TMembershipRow,
  type TMembershipStatus,
} from '@kindling/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { type Format, useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { effectiveRoleCode } from '../../../shell/route-access.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { type MembershipFilters, membershipQueries } from '../api/membership.queries.ts';
import { MemberDrawer } from '../components/MemberDrawer.tsx';
import { MembershipTrends } from '../components/MembershipTrends.tsx';
import { TiersEditor } from '../components/TiersEditor.tsx';

const ENTRY = pageEntry('/dashboard/membership') ?? {
  title: 'Membership',
  section: 'Fundraising',
  description: '',
  emptyTitle: 'No memberships yet',
};

export const STATUS_COLOURS: Record<TMembershipStatus, string> = {
  pending: 'gray',
  active: 'green',
  in_grace: 'yellow',
  lapsed: 'red',
  cancelled: 'gray',
};

export function StatusBadge({ status }: { status: TMembershipStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" c="dark">
      {MEMBERSHIP_STATUS_LABELS[status]}
    </Badge>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

function Figures({ figures, format }: { figures: TMembershipFigures; format: Format }) {
  const active = figures.active_by_tier.reduce((n, t) => n + t.active, 0);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label="Active members" value={format.count(active)} />
        <Figure label="New (30 days)" value={format.count(figures.new_last_30_days)} />
        <Figure label="Lapsed (30 days)" value={format.count(figures.lapsed_last_30_days)} />
        <Figure label="Expiring in 30 days" value={format.count(figures.expiring_within_30_days)} />
        <Figure
          label="Revenue (12 months)"
          value={format.money(figures.revenue_last_365_days_minor, figures.currency)}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Active by tier: {figures.active_by_tier.map((t) => `${t.tier} ${format.count(t.active)}`).join(' · ')}
      </Text>
    </Stack>
  );
}

const EXPIRING = [
  { value: '', label: 'Any expiry' },
  { value: '7', label: 'Expiring within 7 days' },
  { value: '30', label: 'Expiring within 30 days' },
  { value: '90', label: 'Expiring within 90 days' },
];

function MembersTable({ rows, onOpen }: { rows: TMembershipRow[]; onOpen: (id: number) => void }) {
  const format = useFormat();
  return (
    <ScrollTable label="Members" minWidth={720}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Members</Table.Th>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Renewal</Table.Th>
            <Table.Th>Expires</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={500} onClick={() => onOpen(m.id)}>
                  {m.members.map((p) => p.name).join(', ')}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {m.members[0]?.email}
                </Text>
              </Table.Td>
              <Table.Td>{m.tier}</Table.Td>
              <Table.Td>
                <StatusBadge status={m.status} />
              </Table.Td>
              <Table.Td>{m.renewal === 'automatic' ? 'Automatic' : 'Manual'}</Table.Td>
              <Table.Td>{format.date(m.period_end)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function MembersTab({ npoId, canEdit }: { npoId: number | null; canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [tier, setTier] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [expiring, setExpiring] = useState<string | null>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const filters: MembershipFilters = {
    q,
    page,
    tier_id: tier ? Number(tier) : undefined,
    status: status || undefined,
    expiring_within_days: expiring ? Number(expiring) : undefined,
  };
  const list = useQuery(membershipQueries.list(npoId, filters));
  const figures = useQuery(membershipQueries.figures(npoId));
  const format = useFormat();
  const exportQuery = new URLSearchParams(
    Object.entries({ ...filters, page: undefined }).flatMap(([k, v]) =>
      v === undefined || v === '' ? [] : [[k, String(v)]],
    ),
  );
  const data = list.data;
  return (
    <Stack>
      {figures.data && <Figures figures={figures.data} format={format} />}
      <Group align="end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Tier"
          placeholder="All tiers"
          clearable
          data={(figures.data?.active_by_tier ?? []).map((t) => ({ value: String(t.tier_id), label: t.tier }))}
          value={tier}
          onChange={(v) => {
            setTier(v);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          data={LISTED_STATUSES.map((s) => ({ value: s, label: MEMBERSHIP_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <Select
          label="Expiry"
          data={EXPIRING}
          value={expiring}
          onChange={(v) => {
            setExpiring(v);
            setPage(1);
          }}
        />
        <Button
          component="a"
          variant="default"
          href={`${CONSTANTS.apiBase}/npo_admin/memberships/export?${exportQuery}`}
          leftSection={<Download size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>
      {list.isError && !data ? (
        <LoadError
          title="Members could not be loaded"
          message={list.error.message}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
        />
      ) : !data ? (
        <Text c="dimmed">Loading members…</Text>
      ) : data.total === 0 ? (
        <Text c="dimmed">No members match these filters.</Text>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {format.count(data.total)} {data.total === 1 ? 'membership' : 'memberships'}
          </Text>
          <MembersTable rows={data.memberships} onOpen={setOpen} />
          {data.total > data.per_page && (
            <Pagination
              total={Math.ceil(data.total / data.per_page)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
      <MemberDrawer npoId={npoId} id={open} canEdit={canEdit} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function FiguresTab({ npoId }: { npoId: number | null }) {
  return <MembershipTrends query={useQuery(membershipQueries.figures(npoId))} />;
}

/** /dashboard/membership: figures, the members list with its filters and export, and the tiers editor. */
export function MembershipPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const canEdit = canReach('admin', effectiveRoleCode(session.role, session.roleName));
  return (
    <PageFrame entry={ENTRY}>
      <Tabs defaultValue="members" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="figures">Figures</Tabs.Tab>
          <Tabs.Tab value="tiers">Tiers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members">
          <MembersTab npoId={npoId} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="figures">
          <FiguresTab npoId={npoId} />
        </Tabs.Panel>
        <Tabs.Panel value="tiers">
          <Title order={2} size="h4" mb="sm">
            Tiers
          </Title>
          <TiersEditor npoId={npoId} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
