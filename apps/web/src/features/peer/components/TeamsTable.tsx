import { CONSTANTS, type TPeerStaffTeam } from '@kindling/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Download, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { teamApi, teamKeys, teamQueries } from '../api/teams.queries.ts';

type SortKey = 'name' | 'captain' | 'members' | 'raised_minor' | 'goal_minor';
const COLUMNS: Array<{ key: SortKey; label: string; numeric: boolean }> = [
  { key: 'name', label: 'Team', numeric: false },
  { key: 'captain', label: 'Captain', numeric: false },
  { key: 'members', label: 'Members', numeric: true },
  { key: 'raised_minor', label: 'Raised', numeric: true },
  { key: 'goal_minor', label: 'Goal', numeric: true },
];

/** Search by team, captain or address; sort by any column (a missing goal sorts lowest). */
function useSortedTeams(teams: TPeerStaffTeam[] | undefined) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'raised_minor', desc: true });
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = (teams ?? []).filter((t) => !q || `${t.name} ${t.captain} ${t.team_url}`.toLowerCase().includes(q));
    const dir = sort.desc ? -1 : 1;
    return [...list].sort((a, b) => {
      const x = a[sort.key] ?? -1;
      const y = b[sort.key] ?? -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order * dir || a.id - b.id;
    });
  }, [teams, search, sort]);
  const sortBy = (key: SortKey, numeric: boolean) => setSort({ key, desc: sort.key === key ? !sort.desc : numeric });
  return { search, setSearch, sort, sortBy, shown };
}

/** The campaign's teams in the staff P2P view: search, sort, approval and the CSV export. */
export function TeamsTable({ campaignId }: { campaignId: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const teams = useQuery(teamQueries.staff(npoId, campaignId));
  const format = useFormat();
  const client = useQueryClient();
  const { search, setSearch, sort, sortBy, shown } = useSortedTeams(teams.data?.teams);
  // Teams wait for approval when the campaign asks for it (docs/decisions/051-peer-teams-and-milestones.md).
  const approve = useMutation({
    mutationFn: (teamId: number) => teamApi.approve(campaignId, teamId),
    onSuccess: (data) => {
      client.setQueryData(teamKeys.staff(npoId, campaignId), data);
      toast('green', 'The team is live.');
    },
    onError: () => toast('red', 'The team could not be approved. Please try again.'),
  });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Teams
        </Title>
        <Button
          component="a"
          variant="light"
          leftSection={<Download size={16} aria-hidden />}
          href={`${CONSTANTS.apiBase}/npo_admin/peer_to_peer/${campaignId}/teams/export`}
          download
        >
          Export teams CSV
        </Button>
      </Group>
      {!teams.data ? (
        teams.isError ? (
          <Text c="red.8">The teams could not be loaded.</Text>
        ) : (
          <Skeleton height={80} />
        )
      ) : teams.data.teams.length === 0 ? (
        <Text c="dimmed">No teams yet.</Text>
      ) : (
        <>
          <TextInput
            label="Search teams"
            leftSection={<Search size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={360}
          />
          {shown.length === 0 ? <Text c="dimmed">No team matches “{search.trim()}”.</Text> : null}
          <ScrollTable label="Teams" minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th
                      key={c.key}
                      ta={c.numeric ? 'right' : undefined}
                      aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                    >
                      <UnstyledButton fw={600} fz="sm" onClick={() => sortBy(c.key, c.numeric)}>
                        <Group gap={4} wrap="nowrap" justify={c.numeric ? 'flex-end' : undefined}>
                          {c.label}
                          {sort.key === c.key &&
                            (sort.desc ? <ArrowDown size={14} aria-hidden /> : <ArrowUp size={14} aria-hidden />)}
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <Anchor href={`/team-page/${t.team_url}`} target="_blank">
                        {t.name}
                      </Anchor>
                      {t.state === 'pending' ? (
                        <Group gap="xs" mt={4}>
                          <Badge color="yellow">Waiting for approval</Badge>
                          <Button
                            size="compact-xs"
                            aria-label={`Approve ${t.name}`}
                            loading={approve.isPending && approve.variables === t.id}
                            onClick={() => approve.mutate(t.id)}
                          >
                            Approve
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t.captain || '—'}</Table.Td>
                    <Table.Td ta="right">{format.count(t.members)}</Table.Td>
                    <Table.Td ta="right">{format.money(t.raised_minor, teams.data.currency)}</Table.Td>
                    <Table.Td ta="right">
                      {t.goal_minor === null ? '—' : format.money(t.goal_minor, teams.data.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </Stack>
  );
}
