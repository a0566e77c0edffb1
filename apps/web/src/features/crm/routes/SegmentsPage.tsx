import { canReach, type TSegment } from '@kindling/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Split } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { toast } from '../../../shared/toast.ts';
import { ListMessage, RetryButton } from '../../../system/list/index.ts';
import { contactQueries } from '../api/contacts.queries.ts';
import { deleteSegment, segmentKeys, segmentQueries } from '../api/segments.queries.ts';
import type { RuleChoices } from '../components/RuleValue.tsx';
import { SegmentEditor } from '../components/SegmentEditor.tsx';

const ENTRY = pageEntry('/dashboard/crm/segments') ?? {
  title: 'Segments',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

export const segmentDonorsLink = (id: number) => `/dashboard/crm/segments/${id}/donors`;

/** The rule builder's choices: custom fields and team (contacts' options), campaigns and designations. */
export function useRuleChoices(npoId: number | null): RuleChoices {
  const contacts = useQuery(contactQueries.options(npoId));
  const targets = useQuery(segmentQueries.options(npoId));
  return {
    fields: contacts.data?.fields ?? [],
    team: contacts.data?.team ?? [],
    targets: targets.data,
    currency: targets.data?.currency ?? 'USD',
  };
}

function SegmentCard({
  segment,
  canDelete,
  onEdit,
  onDelete,
}: {
  segment: TSegment;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={segmentDonorsLink(segment.id)} fw={600}>
            {segment.name}
          </Anchor>
          <Badge variant="light" radius="sm">
            {segment.kind === 'static' ? 'Static list' : 'Rules'}
          </Badge>
        </Group>
        {segment.description ? (
          <Text size="sm" c="dimmed">
            {segment.description}
          </Text>
        ) : null}
        <Text size="sm" fw={500}>
          {format.count(segment.count)} contact{segment.count === 1 ? '' : 's'}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" component={Link} to={segmentDonorsLink(segment.id)}>
            View donors
          </Button>
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${segment.name}`}>
            Edit
          </Button>
          {canDelete ? (
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${segment.name}`}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** /dashboard/crm/segments: the organisation's segments with their counts; build or change one. */
export function SegmentsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery(segmentQueries.list(npoId));
  const choices = useRuleChoices(npoId);
  const [editing, setEditing] = useState<TSegment | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (s: TSegment) => deleteSegment(s.id),
    onSuccess: async (_, s) => {
      await client.invalidateQueries({ queryKey: segmentKeys.all });
      toast('green', `Deleted the segment “${s.name}”.`);
    },
    onError: () => toast('red', 'The segment could not be deleted.'),
  });
  const segments = list.data?.segments ?? [];
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setEditing('new')}>
          New segment
        </Button>
      }
    >
      {list.isError ? (
        <ListMessage title="The segments could not be loaded" action={<RetryButton onRetry={() => list.refetch()} />} />
      ) : list.isPending ? (
        <Text size="sm" c="dimmed">
          Loading segments…
        </Text>
      ) : segments.length === 0 ? (
        <ListMessage
          icon={<Split size={28} aria-hidden color="var(--mantine-color-dimmed)" />}
          title={ENTRY.emptyTitle || 'No segments yet'}
          hint="Group contacts by their giving and details, such as lapsed donors or monthly givers."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {segments.map((s) => (
            <SegmentCard
              key={s.id}
              segment={s}
              canDelete={canReach('admin', session.role)}
              onEdit={() => setEditing(s)}
              onDelete={() => remove.mutate(s)}
            />
          ))}
        </SimpleGrid>
      )}
      {editing ? (
        <SegmentEditor
          npoId={npoId}
          segment={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (editing === 'new') navigate(segmentDonorsLink(saved.id));
          }}
        />
      ) : null}
    </PageFrame>
  );
}
