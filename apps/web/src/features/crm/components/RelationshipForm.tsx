import { RELATIONSHIP_KIND_KEYS, RELATIONSHIP_KINDS, type TRelationshipKind } from '@kindling/contracts';
import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { addRelationship, contactKeys, contactQueries } from '../api/contacts.queries.ts';

/** Both readings of every kind: "Parent of" and "Child of" are one kind seen from either side. */
const CHOICES = RELATIONSHIP_KIND_KEYS.flatMap((kind) => {
  const { label, inverse } = RELATIONSHIP_KINDS[kind];
  return label === inverse
    ? [{ value: kind, label }]
    : [
        { value: kind, label },
        { value: `${kind}:inverse`, label: inverse },
      ];
});

/** Relate this contact to another: "<this contact> is <relationship> <other contact>". */
export function RelationshipForm({ npoId, contactId }: { npoId: number | null; contactId: number }) {
  const client = useQueryClient();
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const lookup = useQuery({ ...contactQueries.lookup(npoId, debounced), placeholderData: keepPreviousData });
  const add = useMutation({
    mutationFn: () => {
      const [kind, inverse] = (choice ?? '').split(':');
      return addRelationship(contactId, {
        kind: kind as TRelationshipKind,
        inverse: inverse === 'inverse',
        other_id: Number(other),
      });
    },
    onSuccess: (record) => {
      client.setQueryData(contactKeys.record(npoId, contactId), record);
      setChoice(null);
      setOther(null);
      setSearch('');
    },
  });
  const error = add.error ? describeFormError(add.error, 'The relationship could not be added.') : null;
  const options = (lookup.data?.contacts ?? [])
    .filter((c) => c.id !== contactId)
    .map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <FormAlert message={error?.message ?? null} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Relationship"
          placeholder="Choose"
          value={choice}
          data={CHOICES}
          onChange={setChoice}
          w={200}
          error={error?.fields.kind}
        />
        <Select
          label="Contact"
          placeholder="Type a name"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={other}
          data={options}
          filter={({ options: o }) => o}
          nothingFoundMessage={debounced.length >= 2 ? 'No contact matches' : 'Type at least two letters'}
          onChange={setOther}
          w={240}
          error={error?.fields.other_id}
        />
        <Button type="submit" variant="default" disabled={!choice || !other} loading={add.isPending}>
          Add relationship
        </Button>
      </Group>
    </form>
  );
}
