import { Anchor, Button, Container, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { teamQueries } from '../api/teams.queries.ts';
import { JoinTeamForm } from '../components/JoinTeamForm.tsx';

/**
 * /team-page/{url}: a fundraising team's public page (docs/decisions/051-peer-teams-and-milestones.md):
 * the team's total against its goal, its members' totals, the latest gifts and where to give.
 */
export function TeamPage() {
  const { id = '' } = useParams();
  const team = useQuery({ ...teamQueries.page(id), retry: false });
  const format = useFormat();
  if (team.isError) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Team not found</Title>
        <Text>We could not find a team at /team-page/{id}. The link may be mistyped.</Text>
      </Container>
    );
  }
  if (!team.data) return <Skeleton height={400} />;
  const t = team.data;
  const percent = t.goal_minor ? Math.min(100, Math.round((t.raised_minor / t.goal_minor) * 100)) : 0;
  return (
    <Container size="md" py="xl" component="main">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            A team for {t.campaign_name} · captain {t.captain}
          </Text>
          <Title order={1}>{t.name}</Title>
        </Stack>
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text fz={24} fw={700}>
              {format.money(t.raised_minor, t.currency)}
            </Text>
            {t.goal_minor ? (
              <>
                <Text size="sm">raised of the team’s {format.money(t.goal_minor, t.currency)} goal</Text>
                <Progress value={percent} aria-label="Progress towards the team’s goal" />
              </>
            ) : null}
            {t.donate_url && (
              <Button component="a" href={t.donate_url} size="md">
                Give to the team
              </Button>
            )}
            {/* p2p16c: ask to fundraise in this team, or start one (docs/decisions/067-team-pages-and-joining-at-sign-up.md). */}
            {t.team_fundraising ? <JoinTeamForm campaignId={t.campaign_id} teamId={t.id} teamName={t.name} /> : null}
          </Stack>
        </Paper>
        {t.story && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the story like a campaign's description (peer-teams.service)
          <div dangerouslySetInnerHTML={{ __html: t.story }} />
        )}
        <Stack gap="xs">
          <Title order={2} size="h3">
            Members
          </Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fundraiser</Table.Th>
                <Table.Th ta="right">Raised</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {t.members.map((m) => (
                <Table.Tr key={m.page_id}>
                  <Table.Td>
                    <Anchor href={`/raise/${m.campaign_url}`}>{m.fundraiser || m.title}</Anchor>
                    {m.captain ? ' (captain)' : ''}
                  </Table.Td>
                  <Table.Td ta="right">{format.money(m.raised_minor, t.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        {t.gifts.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h3">
              Latest gifts
            </Title>
            {t.gifts.map((g) => (
              <Text key={`${g.given_at}-${g.page_title}`} size="sm">
                {g.donor_name}
                {g.amount_minor > 0 ? ` gave ${format.money(g.amount_minor, t.currency)}` : ' gave'} through “
                {g.page_title}”
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
