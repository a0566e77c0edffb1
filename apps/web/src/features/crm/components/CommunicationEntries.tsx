import { COMMUNICATION_KIND_LABELS, COMMUNICATION_SOURCE_LABELS, type TCommunication } from '@kindling/contracts';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { recordLink } from './ContactsTable.tsx';

type Props = {
  entries: TCommunication[];
  /** On a contact's own record the contact's name is left out. */
  showContact?: boolean;
  onDelete: (entry: TCommunication) => void;
  deleting?: number | null;
};

/** The record as a timeline: what, with whom, by whom and when; product e-mails link to their gift. */
export function CommunicationEntries({ entries, showContact = true, onDelete, deleting }: Props) {
  const format = useFormat();
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((c) => (
        <Paper key={c.key} component="li" withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Badge
                  variant="default"
                  leftSection={
                    c.direction === 'inbound' ? (
                      <ArrowDownLeft size={12} aria-hidden />
                    ) : (
                      <ArrowUpRight size={12} aria-hidden />
                    )
                  }
                >
                  {COMMUNICATION_KIND_LABELS[c.kind]}
                  {c.direction === 'inbound' ? ' in' : ''}
                </Badge>
                <Text fw={600} size="sm">
                  {c.subject}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                <time dateTime={c.occurred_at}>{format.dateTime(c.occurred_at)}</time>
              </Text>
            </Group>
            {c.body ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.body}
              </Text>
            ) : null}
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {showContact ? (
                  <>
                    <Anchor component={Link} to={recordLink(c.contact.id)} size="xs" underline="always">
                      {c.contact.name}
                    </Anchor>
                    {' · '}
                  </>
                ) : null}
                {c.by
                  ? `${c.source === 'note' ? 'Note' : 'Logged'} by ${c.by.name || 'a team member'}`
                  : `${COMMUNICATION_SOURCE_LABELS[c.source]}, sent by Kindling`}
                {c.donation_id ? (
                  <>
                    {' · '}
                    <Anchor component={Link} to={`/dashboard/donation/${c.donation_id}`} size="xs" underline="always">
                      Donation #{c.donation_id}
                    </Anchor>
                  </>
                ) : null}
              </Text>
              {c.id !== null && c.deletable ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={deleting === c.id}
                  onClick={() => onDelete(c)}
                  aria-label={`Delete: ${c.subject}`}
                >
                  Delete
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
