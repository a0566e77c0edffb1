import type { TContactOptions } from '@kindling/contracts';
import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { bulkContacts, contactKeys } from '../api/contacts.queries.ts';

/** Tag or assign the selected contacts at once. */
export function BulkActions({
  ids,
  team,
  onDone,
}: {
  ids: number[];
  team: TContactOptions['team'];
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [tag, setTag] = useState('');
  const [owner, setOwner] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (body: Parameters<typeof bulkContacts>[0]) => bulkContacts(body),
    onSuccess: async ({ updated }) => {
      await client.invalidateQueries({ queryKey: contactKeys.all });
      toast('green', `Updated ${updated} contact${updated === 1 ? '' : 's'}.`);
      setTag('');
      onDone();
    },
    onError: (error) =>
      toast('red', describeFormError(error, 'The contacts could not be updated.').message ?? 'Check the values.'),
  });
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Bulk actions">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text size="sm" fw={600}>
          {ids.length} selected
        </Text>
        <TextInput label="Tag" value={tag} onChange={(e) => setTag(e.currentTarget.value)} w={160} />
        <Button
          variant="default"
          disabled={!tag.trim()}
          loading={run.isPending}
          onClick={() => run.mutate({ action: 'tag', ids, tag: tag.trim() })}
        >
          Add tag
        </Button>
        <Select
          label="Owner"
          placeholder="No owner"
          clearable
          w={200}
          value={owner}
          data={team.map((m) => ({ value: String(m.id), label: m.name }))}
          onChange={setOwner}
        />
        <Button
          variant="default"
          loading={run.isPending}
          onClick={() => run.mutate({ action: 'assign', ids, owner_user_id: owner ? Number(owner) : null })}
        >
          Assign
        </Button>
      </Group>
    </Paper>
  );
}
