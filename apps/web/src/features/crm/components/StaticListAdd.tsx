import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { contactQueries } from '../api/contacts.queries.ts';
import { addSegmentMembers } from '../api/segments.queries.ts';

/** Find a contact by name, e-mail or postcode and add them to a static list. */
export function StaticListAdd({
  npoId,
  segmentId,
  onAdded,
}: {
  npoId: number | null;
  segmentId: number;
  onAdded: () => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [term] = useDebouncedValue(search.trim(), 300);
  const found = useQuery(contactQueries.lookup(npoId, term));
  const add = useMutation({
    mutationFn: (contactId: number) => addSegmentMembers(segmentId, [contactId]),
    onSuccess: () => {
      setPicked(null);
      setSearch('');
      toast('green', 'Added to the list.');
      onAdded();
    },
    onError: (error) =>
      toast(
        'red',
        describeFormError(error, 'The contact could not be added.').message ?? 'The contact could not be added.',
      ),
  });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Add a contact"
        placeholder="Search name, e-mail or postcode"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={(found.data?.contacts ?? []).map((c) => ({
          value: String(c.id),
          label: c.email ? `${c.name} (${c.email})` : c.name,
        }))}
        value={picked}
        onChange={setPicked}
        filter={({ options }) => options}
        nothingFoundMessage={term.length >= 2 && found.data ? 'No contact found' : undefined}
        w={320}
      />
      <Button
        leftSection={<UserPlus size={14} aria-hidden />}
        disabled={!picked}
        loading={add.isPending}
        onClick={() => picked && add.mutate(Number(picked))}
      >
        Add to list
      </Button>
    </Group>
  );
}
