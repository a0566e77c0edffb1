import { Anchor, Button, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../shared/LoadError.tsx';
import { communicationQueries } from '../api/communications.queries.ts';
import { useDeleteCommunication } from '../communications-hooks.ts';
import { CommunicationEntries } from './CommunicationEntries.tsx';
import { LogCommunicationModal } from './LogCommunicationModal.tsx';

/** A contact's latest communications on their record, with a button to log one. */
export function ContactCommunications({
  npoId,
  contact,
}: {
  npoId: number | null;
  contact: { id: number; name: string };
}) {
  const list = useQuery(communicationQueries.list(npoId, { contact_id: contact.id, page: 1 }));
  const [logging, setLogging] = useState(false);
  const remove = useDeleteCommunication();
  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton h={80} aria-label="Loading communications" />;
  else if (list.isError)
    body = (
      <LoadError
        title="Communications could not be loaded"
        message="Please try again."
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  else if (list.data.communications.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        Nothing yet: receipts and e-mails appear here when they are sent.
      </Text>
    );
  else
    body = (
      <CommunicationEntries
        entries={list.data.communications}
        showContact={false}
        onDelete={remove.onDelete}
        deleting={remove.deleting}
      />
    );
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<Plus size={14} aria-hidden />}
          onClick={() => setLogging(true)}
        >
          Log a contact
        </Button>
        {list.data?.has_more ? (
          <Anchor component={Link} to={`/dashboard/crm/communications?contact=${contact.id}`} size="sm">
            All communications
          </Anchor>
        ) : null}
      </Group>
      {body}
      <LogCommunicationModal npoId={npoId} opened={logging} onClose={() => setLogging(false)} contact={contact} />
    </>
  );
}
