import type { TDonorMatch } from '@kindling/contracts';
import { SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { donationAdminQueries } from '../api/donation-admin.queries.ts';

export type DonorValue =
  | { kind: 'existing'; donorId: number | null }
  | { kind: 'new'; firstName: string; lastName: string; email: string };

type Errors = Partial<Record<'donor_id' | 'donor.first_name' | 'donor.last_name' | 'donor.email', string>>;

const label = (d: TDonorMatch) => `${`${d.first_name} ${d.last_name}`.trim() || 'No name'} · ${d.email}`;

/** Chooses one of the organisation's donors (searched by name or e-mail) or enters a new one. */
export function DonorChoice({
  value,
  onChange,
  errors,
}: {
  value: DonorValue;
  onChange: (value: DonorValue) => void;
  errors: Errors;
}) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const matches = useQuery(donationAdminQueries.donors(npoId, debounced));
  const [picked, setPicked] = useState<TDonorMatch | null>(null);
  const options = [...(picked ? [picked] : []), ...(matches.data ?? []).filter((d) => d.id !== picked?.id)];

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Donor"
        value={value.kind}
        onChange={(kind) =>
          onChange(
            kind === 'new'
              ? { kind: 'new', firstName: '', lastName: '', email: '' }
              : { kind: 'existing', donorId: null },
          )
        }
        data={[
          { value: 'existing', label: 'Existing donor' },
          { value: 'new', label: 'New donor' },
        ]}
      />
      {value.kind === 'existing' ? (
        <Select
          label="Donor"
          placeholder="Type a name or e-mail"
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            debounced.length < 2 ? 'Type at least two letters' : matches.isFetching ? 'Searching…' : 'No donor found'
          }
          data={options.map((d) => ({ value: String(d.id), label: label(d) }))}
          value={value.donorId ? String(value.donorId) : null}
          onChange={(id) => {
            setPicked(options.find((d) => String(d.id) === id) ?? null);
            onChange({ kind: 'existing', donorId: id ? Number(id) : null });
          }}
          error={errors.donor_id}
          required
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="First name"
            required
            value={value.firstName}
            onChange={(e) => onChange({ ...value, firstName: e.currentTarget.value })}
            error={errors['donor.first_name']}
          />
          <TextInput
            label="Last name"
            required
            value={value.lastName}
            onChange={(e) => onChange({ ...value, lastName: e.currentTarget.value })}
            error={errors['donor.last_name']}
          />
          <TextInput
            label="E-mail"
            type="email"
            required
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.currentTarget.value })}
            error={errors['donor.email'] ?? errors.donor_id}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
