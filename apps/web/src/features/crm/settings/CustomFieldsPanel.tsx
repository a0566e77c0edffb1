import { CONTACT_FIELD_TYPES, type TContactField, type TContactFieldInput } from '@kindling/contracts';
import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ApiError, api } from '../../../app/api-client.ts';
import { addField, contactKeys, contactQueries } from '../api/contacts.queries.ts';

export const FIELD_TYPE_LABELS: Record<TContactField['field_type'], string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Choice',
  yes_no: 'Yes / no',
};

/** The server's message for one field of the form, else null (the alert shows the rest). */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.body?.fields?.[field] ?? null) : null;

function AddField({ npoId }: { npoId: number | null }) {
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const [type, setType] = useState<TContactField['field_type']>('text');
  const [options, setOptions] = useState('');
  const add = useMutation({
    mutationFn: (body: TContactFieldInput) => addField(body),
    onSuccess: () => {
      setLabel('');
      setOptions('');
      void client.invalidateQueries({ queryKey: contactKeys.options(npoId) });
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = options
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    add.mutate({ label, field_type: type, options: type === 'choice' ? list : [] });
  };
  const labelError = fieldError(add.error, 'label');
  const optionsError = fieldError(add.error, 'options');
  return (
    <form onSubmit={submit} aria-label="Add a custom field">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Field name"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={labelError}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            label="Type"
            data={CONTACT_FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => v && setType(v as TContactField['field_type'])}
            allowDeselect={false}
            style={{ flex: '0 1 160px' }}
          />
          {type === 'choice' && (
            <TextInput
              label="Options (separated by commas)"
              value={options}
              onChange={(e) => setOptions(e.currentTarget.value)}
              error={optionsError}
              style={{ flex: '1 1 240px' }}
            />
          )}
        </Group>
        {add.isError && !labelError && !optionsError && (
          <Alert color="red" role="alert">
            {add.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add field
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The organisation's custom contact fields: admins add and remove them; every role sees them. */
export function CustomFieldsPanel({ npoId, canEdit }: { npoId: number | null; canEdit: boolean }) {
  const client = useQueryClient();
  const options = useQuery(contactQueries.options(npoId));
  const remove = useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `/npo_admin/contact_fields/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: contactKeys.options(npoId) }),
  });
  const fields = options.data?.fields ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Custom contact fields
        </Title>
        <Text size="sm" c="dimmed">
          Shown on every contact's record, checked by type, and usable in list filters and segments.
        </Text>
        {fields.length === 0 ? (
          <Text size="sm">No custom fields yet.</Text>
        ) : (
          <Table aria-label="Custom contact fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Type</Table.Th>
                {canEdit && <Table.Th>Remove</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.label}</Table.Td>
                  <Table.Td>
                    {FIELD_TYPE_LABELS[f.field_type]}
                    {f.options.length > 0 ? `: ${f.options.join(', ')}` : ''}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove the field ${f.label}`}
                        onClick={() => remove.mutate(f.id)}
                        loading={remove.isPending && remove.variables === f.id}
                      >
                        <Trash2 size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {remove.isError && (
          <Alert color="red" role="alert">
            {remove.error.message}
          </Alert>
        )}
        {canEdit && <AddField npoId={npoId} />}
      </Stack>
    </Paper>
  );
}
