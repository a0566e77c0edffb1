import {
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_MESSAGES,
  type TContactImportOnMatch,
  type TContactImportResponse,
} from '@kindling/contracts';
import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contactImportApi } from '../api/contact-imports.queries.ts';

/**
 * Which column fills which contact field (a first guess from the header names), and what happens
 * to a row whose e-mail is already a contact's. The e-mail column is required: it is the match key.
 */
export function ContactImportMapping({
  uploaded,
  onChecked,
}: {
  uploaded: TContactImportResponse;
  onChecked: (checked: TContactImportResponse) => void;
}) {
  const [mapping, setMapping] = useState<Record<string, string>>(uploaded.suggested_mapping ?? {});
  const [onMatch, setOnMatch] = useState<TContactImportOnMatch>('update');
  const [missingEmail, setMissingEmail] = useState(false);
  const check = useMutation({
    mutationFn: () => contactImportApi.preview(uploaded.import.id, { mapping, on_match: onMatch }),
    onSuccess: onChecked,
  });
  const columns = uploaded.import.columns.map((c) => ({ value: c, label: c }));
  const submit = () => {
    setMissingEmail(!mapping.email);
    if (mapping.email) check.mutate();
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        {uploaded.import.file_name}: choose the column for each field; leave a field empty to keep it out of the import.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {CONTACT_IMPORT_FIELDS.map((field) => (
          <Select
            key={field}
            label={CONTACT_IMPORT_FIELD_LABELS[field]}
            placeholder="Not imported"
            data={columns}
            value={mapping[field] ?? null}
            clearable
            required={field === 'email'}
            error={field === 'email' && missingEmail ? CONTACT_IMPORT_MESSAGES.noEmailColumn : undefined}
            onChange={(value) =>
              setMapping((m) => {
                const next = { ...m };
                if (value) next[field] = value;
                else delete next[field];
                return next;
              })
            }
          />
        ))}
      </SimpleGrid>
      <Radio.Group
        label="When a row's e-mail is already a contact's"
        value={onMatch}
        onChange={(v) => setOnMatch(v as TContactImportOnMatch)}
      >
        <Group gap="md" mt={4}>
          <Radio value="update" label="Update the contact (empty cells keep what it has)" />
          <Radio value="skip" label="Skip the row" />
        </Group>
      </Radio.Group>
      {check.isError && (
        <Alert color="red" role="alert" title="The rows could not be checked">
          {check.error.message}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={check.isPending}>
          Check rows
        </Button>
      </Group>
    </Stack>
  );
}
