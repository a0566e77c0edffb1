import { NOTE_MAX_LENGTH, type TNote, type TNoteSubject } from '@kindling/contracts';
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../app/api-client.ts';
import { useSession } from '../../session/index.ts';
import { useFormat } from '../../shared/format.ts';
import { addNote, deleteNote, notesKey, notesQuery } from './notes.queries.ts';

const fieldError = (error: unknown) =>
  error instanceof ApiError
    ? (error.body?.fields?.body ?? error.message)
    : error instanceof Error
      ? error.message
      : null;

function NoteItem({ note, onDelete, deleting }: { note: TNote; onDelete: () => void; deleting: boolean }) {
  const format = useFormat();
  return (
    <Paper withBorder radius="sm" p="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {note.author_name} · <time dateTime={note.created_at}>{format.dateTime(note.created_at)}</time>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.body}
          </Text>
        </Stack>
        {note.deletable && (
          <ActionIcon variant="subtle" color="red" aria-label="Delete note" onClick={onDelete} loading={deleting}>
            <Trash2 size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

/** Staff notes on a donation, donor or recurring plan: read, add, delete one's own (an organisation admin any). */
export function NotesPanel({ subject, id }: { subject: TNoteSubject; id: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const notes = useQuery(notesQuery(npoId, subject, id));
  const [draft, setDraft] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: notesKey(npoId, subject, id) });
  const add = useMutation({
    mutationFn: (body: string) => addNote(subject, id, body),
    onSuccess: async () => {
      setDraft('');
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: (noteId: number) => deleteNote(subject, id, noteId), onSettled: refresh });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(draft);
  };

  let list: React.ReactNode;
  if (notes.isPending) list = <Skeleton role="status" height={56} aria-label="Loading notes" />;
  else if (notes.isError)
    list = (
      <Alert color="red" role="alert" title="Notes could not be loaded">
        <Group gap="xs">
          <Text size="sm">{notes.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => notes.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  else if (notes.data.notes.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        No notes yet.
      </Text>
    );
  else
    list = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notes">
        {notes.data.notes.map((note) => (
          <NoteItem
            key={note.id}
            note={note}
            onDelete={() => remove.mutate(note.id)}
            deleting={remove.isPending && remove.variables === note.id}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={`notes-${subject}-${id}`}>
      <Title order={3} size="h4" id={`notes-${subject}-${id}`}>
        Notes
      </Title>
      {list}
      {remove.isError && (
        <Text size="sm" c="red" role="alert">
          {remove.error.message}
        </Text>
      )}
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label="Add a note"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            error={add.isError ? fieldError(add.error) : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={draft.trim() === ''}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
