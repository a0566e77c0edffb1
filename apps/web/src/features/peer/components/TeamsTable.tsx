import { CONSTANTS } from '@kindling/contracts';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { ScrollTable } from '../../../system/ScrollTable.tsx';
import { teamApi, teamKeys, teamQueries } from '../api/teams.queries.ts';

/** The campaign's teams in the staff P2P view, best first, with their CSV export. */
export function TeamsTable({ campaignId }: { campaignId: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const teams = useQuery(teamQueries.staff(npoId, campaignId));
  const format = useFormat();
  const client = useQueryClient();
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
        <ScrollTable label="Teams" minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Captain</Table.Th>
                <Table.Th ta="right">Members</Table.Th>
                <Table.Th ta="right">Raised</Table.Th>
                <Table.Th ta="right">Goal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.data.teams.map((t) => (
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
      )}
    </Stack>
  );
}
