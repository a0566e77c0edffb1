import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { contactQueries } from '../api/contacts.queries.ts';

/** Chooses one of the organisation's contacts by name; `initial` shows one already chosen. */
export function ContactPicker({
  npoId,
  value,
  initial,
  onChange,
  error,
  required,
  label = 'Contact',
}: {
  npoId: number | null;
  value: number | null;
  initial?: { id: number; name: string } | null;
  onChange: (id: number | null) => void;
  error?: string | undefined;
  required?: boolean;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState(initial ?? null);
  const lookup = useQuery({ ...contactQueries.lookup(npoId, debounced), placeholderData: keepPreviousData });
  const found = (lookup.data?.contacts ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const data =
    chosen && !found.some((o) => o.value === String(chosen.id))
      ? [{ value: String(chosen.id), label: chosen.name }, ...found]
      : found;
  return (
    <Select
      label={label}
      placeholder="Type a name"
      searchable
      clearable={!required}
      clearButtonProps={{ 'aria-label': 'No contact' }}
      required={required}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      data={data}
      filter={({ options }) => options}
      nothingFoundMessage={debounced.length >= 2 ? 'No contact matches' : 'Type at least two letters'}
      onChange={(v, option) => {
        setChosen(v && option ? { id: Number(v), name: option.label } : null);
        onChange(v ? Number(v) : null);
      }}
      error={error}
    />
  );
}
