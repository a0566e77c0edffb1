import type { TCampaignListItem } from '@kindling/contracts';
import { Anchor, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { CampaignActions, type StatusChange } from './CampaignActions.tsx';
import { PublicLink, RaisedCell, StatusBadge } from './CampaignBits.tsx';

type ListProps = {
  campaigns: TCampaignListItem[];
  canWrite: boolean;
  onStatusChange: (change: StatusChange) => void;
};

function NameCell({ campaign }: { campaign: TCampaignListItem }) {
  return (
    <Stack gap={2}>
      <Anchor component={Link} to={`/dashboard/campaign-donations/${campaign.id}`} fw={600} size="sm">
        {campaign.name}
      </Anchor>
      {campaign.parent_campaign_id ? (
        <Text size="xs" c="dimmed">
          Fundraiser page
        </Text>
      ) : campaign.peer_campaigns > 0 ? (
        // p2p16: the count links to the campaign's P2P view (decision 044).
        <Anchor component={Link} to={`/dashboard/peer-to-peer/${campaign.id}`} size="xs">
          {campaign.peer_campaigns} fundraiser {campaign.peer_campaigns === 1 ? 'page' : 'pages'}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** Desktop: one row per campaign. */
export function CampaignTable({ campaigns, canWrite, onStatusChange }: ListProps) {
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Campaigns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">URL</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Raised</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Donors
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <NameCell campaign={c} />
              </Table.Td>
              <Table.Td>
                <PublicLink campaign={c} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>
                <RaisedCell campaign={c} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {format.count(c.donors)}
              </Table.Td>
              <Table.Td>
                <CampaignActions campaign={c} canWrite={canWrite} onStatusChange={onStatusChange} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a card per campaign, the same facts stacked. */
export function CampaignCards({ campaigns, canWrite, onStatusChange }: ListProps) {
  const format = useFormat();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Campaigns">
      {campaigns.map((c) => (
        <Card key={c.id} component="li" withBorder radius="md" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <NameCell campaign={c} />
            <CampaignActions campaign={c} canWrite={canWrite} onStatusChange={onStatusChange} />
          </Group>
          <Group gap="xs" mt={6}>
            <StatusBadge status={c.status} />
            <Text size="sm" c="dimmed">
              {format.count(c.donors)} {c.donors === 1 ? 'donor' : 'donors'}
            </Text>
          </Group>
          <Stack gap={6} mt="sm">
            <RaisedCell campaign={c} />
            <PublicLink campaign={c} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** Placeholder rows while the first page loads. */
export function CampaignListSkeleton() {
  return (
    <Stack gap="sm" p="md" role="status" aria-label="Loading campaigns">
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Skeleton height={16} width="30%" />
          <Skeleton height={16} width="20%" />
          <Skeleton height={16} width="10%" />
          <Skeleton height={16} width="25%" />
        </Group>
      ))}
    </Stack>
  );
}
