import {
  COMMUNICATION_KIND_LABELS,
  LOGGED_COMMUNICATION_KINDS,
  type TCommunicationDirection,
  type TLoggedCommunicationKind,
} from '@kindling/contracts';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { communicationKeys, logCommunication } from '../api/communications.queries.ts';
import { contactQueries } from '../api/contacts.queries.ts';

/** The browser's local time as a datetime-local input holds it ('2026-11-26T09:30'). */
const localNow = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

type Props = {
  npoId: number | null;
  opened: boolean;
  onClose: () => void;
  /** Logging from a contact's record: the contact is known and not asked for. */
  contact?: { id: number; name: string };
};

/** Log a call, meeting, letter or other contact with someone: what was said, when, which way. */
export function LogCommunicationModal({ npoId, opened, onClose, contact }: Props) {
  const client = useQueryClient();
  const [kind, setKind] = useState<TLoggedCommunicationKind>('call');
  const [direction, setDirection] = useState<TCommunicationDirection>('outbound');
  const [other, setOther] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [when, setWhen] = useState(localNow);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const lookup = useQuery({
    ...contactQueries.lookup(npoId, debounced),
    enabled: opened && !contact && npoId !== null && debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: () =>
      logCommunication({
        contact_id: contact?.id ?? Number(other),
        kind,
        direction,
        subject,
        body,
        occurred_at: when ? new Date(when).toISOString() : '',
      }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: communicationKeys.all });
      toast('green', 'Logged.');
      setSubject('');
      setBody('');
      setOther(null);
      setSearch('');
      setWhen(localNow());
      onClose();
    },
  });
  const error = save.error ? describeFormError(save.error, 'This could not be logged. Please try again.') : null;
  return (
    <Modal opened={opened} onClose={onClose} title={contact ? `Log a contact with ${contact.name}` : 'Log a contact'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <FormAlert message={error?.message ?? null} />
          {contact ? null : (
            <Select
              label="Contact"
              placeholder="Type a name or e-mail"
              required
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              value={other}
              data={(lookup.data?.contacts ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              filter={({ options }) => options}
              nothingFoundMessage={debounced.length >= 2 ? 'No contact matches' : 'Type at least two letters'}
              onChange={setOther}
              error={error?.fields.contact_id}
            />
          )}
          <Select
            label="Kind"
            value={kind}
            allowDeselect={false}
            data={LOGGED_COMMUNICATION_KINDS.map((k) => ({ value: k, label: COMMUNICATION_KIND_LABELS[k] }))}
            onChange={(v) => v && setKind(v as TLoggedCommunicationKind)}
          />
          <SegmentedControl
            aria-label="Direction"
            value={direction}
            onChange={(v) => setDirection(v as TCommunicationDirection)}
            data={[
              { value: 'outbound', label: 'We contacted them' },
              { value: 'inbound', label: 'They contacted us' },
            ]}
          />
          <TextInput
            label="Subject"
            required
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={error?.fields.subject}
          />
          <Textarea
            label="Summary"
            description="What was said or agreed; what happens next."
            rows={4}
            maxLength={10000}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={error?.fields.body}
          />
          <TextInput
            label="When"
            type="datetime-local"
            required
            value={when}
            max={localNow()}
            onChange={(e) => setWhen(e.currentTarget.value)}
            error={error?.fields.occurred_at}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!contact && !other}>
              Log it
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
