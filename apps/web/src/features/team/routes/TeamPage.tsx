import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { teamQueries } from '../api/team.queries.ts';
import { InvitationsList } from '../components/InvitationsList.tsx';
import { InviteForm } from '../components/InviteForm.tsx';
import { MemberCard } from '../components/MemberCard.tsx';

const ENTRY = pageEntry('/admin/team') ?? {
  title: 'Team',
  section: 'Settings',
  description: 'Who works in this organisation, their roles and permissions, and pending invitations.',
  emptyTitle: '',
};

function Loading() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Loading the team">
      {[0, 1, 2, 3].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton height={18} width="50%" mb="sm" />
          <Skeleton height={12} mb={8} />
          <Skeleton height={28} width={220} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /admin/team (docs/product/team.md): members, invitations, roles and permissions. */
export function TeamPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const team = useQuery(teamQueries.team(npoId));
  return (
    <PageFrame entry={ENTRY}>
      <InviteForm />
      {team.isPending ? <Loading /> : null}
      {team.isError ? (
        <Alert
          color="red"
          role="alert"
          icon={<TriangleAlert size={18} aria-hidden />}
          title="The team could not be loaded"
        >
          <Stack gap="xs" align="flex-start">
            {team.error.message}
            <Button size="xs" variant="light" color="red" onClick={() => team.refetch()} loading={team.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {team.data ? (
        <>
          <InvitationsList invitations={team.data.invitations} />
          <Stack gap="xs" component="section" aria-labelledby="team-members">
            <Title order={2} size="h4" id="team-members">
              Members
            </Title>
            {team.data.members.length === 0 ? (
              <Text c="dimmed">No members yet: invite a colleague above.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {team.data.members.map((m) => (
                  <MemberCard key={m.user_id} member={m} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </>
      ) : null}
    </PageFrame>
  );
}
