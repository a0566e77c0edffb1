import type { TDonorDetail, TDonorProfileInput } from '@kindling/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { donorKeys, saveDonorProfile } from '../api/donors.queries.ts';

type Field = keyof TDonorProfileInput;
const FIELDS: Array<{ key: Field; label: string; autoComplete: string; required?: boolean }> = [
  { key: 'first_name', label: 'First name', autoComplete: 'off' },
  { key: 'last_name', label: 'Last name', autoComplete: 'off' },
  { key: 'email', label: 'E-mail', autoComplete: 'off', required: true },
  { key: 'address', label: 'Address', autoComplete: 'off' },
  { key: 'address2', label: 'Address line 2', autoComplete: 'off' },
  { key: 'city', label: 'City', autoComplete: 'off' },
  { key: 'state', label: 'State or county', autoComplete: 'off' },
  { key: 'postal_code', label: 'Postcode', autoComplete: 'off' },
  { key: 'country', label: 'Country (2 letters)', autoComplete: 'off' },
];

/** Edits the donor's name, e-mail and address; the server's message per field shows under it. */
export function DonorProfileForm({ donor, onDone }: { donor: TDonorDetail; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f.key, String(donor.profile[f.key] ?? '')])) as Record<Field, string>,
  );
  const save = useMutation({
    mutationFn: () => saveDonorProfile(donor.profile.id, values),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: donorKeys.all });
      onDone();
    },
  });
  const fields = save.error instanceof ApiError ? (save.error.body?.fields ?? {}) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {save.error && Object.keys(fields).length === 0 ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.map((f) => (
            <TextInput
              key={f.key}
              label={f.label}
              required={f.required}
              autoComplete={f.autoComplete}
              value={values[f.key]}
              error={fields[f.key]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.key]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
