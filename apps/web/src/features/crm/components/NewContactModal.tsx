import {
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  isOrganisationType,
  type TContactOptions,
  type TContactType,
  type TCustomFieldValue,
} from '@kindling/contracts';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { contactKeys, createContact, createHousehold } from '../api/contacts.queries.ts';
import { CustomFieldInputs } from './CustomFieldInputs.tsx';

const NEW_HOUSEHOLD = 'new';

type Props = {
  opened: boolean;
  options: TContactOptions | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
};

/** Add a contact who has not given (a prospect, a volunteer, a company), optionally into a household. */
export function NewContactModal({ opened, options, onClose, onCreated }: Props) {
  const client = useQueryClient();
  const [type, setType] = useState<TContactType>('prospect');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [household, setHousehold] = useState<string | null>(null);
  const [householdName, setHouseholdName] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [owner, setOwner] = useState<string | null>(null);
  const [custom, setCustom] = useState<Record<string, TCustomFieldValue>>({});
  const organisation = isOrganisationType(type);
  const create = useMutation({
    mutationFn: async () => {
      const householdId =
        household === NEW_HOUSEHOLD
          ? (await createHousehold({ name: householdName })).id
          : household
            ? Number(household)
            : null;
      return createContact({
        contact_type: type,
        first_name: organisation ? '' : first,
        last_name: last,
        email,
        phones: phone.trim() ? [{ number: phone, label: '', primary: true }] : [],
        household_id: householdId,
        tags,
        owner_user_id: owner ? Number(owner) : null,
        custom_fields: custom,
      });
    },
    onSuccess: async (contact) => {
      await client.invalidateQueries({ queryKey: contactKeys.all });
      onCreated(contact.id);
    },
  });
  const error = create.error ? describeFormError(create.error, 'The contact could not be added.') : null;
  return (
    <Modal opened={opened} onClose={onClose} title="New contact" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <FormAlert message={error?.message ?? null} />
          <Select
            label="Type"
            allowDeselect={false}
            value={type}
            data={CONTACT_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] }))}
            onChange={(v) => setType((v as TContactType) ?? 'prospect')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {organisation ? null : (
              <TextInput
                label="First name"
                value={first}
                onChange={(e) => setFirst(e.currentTarget.value)}
                error={error?.fields.first_name}
              />
            )}
            <TextInput
              label={organisation ? 'Organisation name' : 'Last name'}
              required
              value={last}
              onChange={(e) => setLast(e.currentTarget.value)}
              error={error?.fields.last_name}
            />
            <TextInput
              label="E-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error?.fields.email}
            />
            <TextInput
              label="Phone"
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={error?.fields.phones}
            />
            <Select
              label="Household"
              placeholder="None"
              clearable
              value={household}
              data={[
                ...(options?.households ?? []).map((h) => ({ value: String(h.id), label: h.name })),
                { value: NEW_HOUSEHOLD, label: 'New household…' },
              ]}
              onChange={setHousehold}
              error={error?.fields.household_id}
            />
            {household === NEW_HOUSEHOLD ? (
              <TextInput
                label="Household name"
                required
                value={householdName}
                onChange={(e) => setHouseholdName(e.currentTarget.value)}
              />
            ) : null}
            <Select
              label="Owner"
              placeholder="No owner"
              clearable
              value={owner}
              data={(options?.team ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
              onChange={setOwner}
              error={error?.fields.owner_user_id}
            />
            <TagsInput label="Tags" value={tags} onChange={setTags} />
            <CustomFieldInputs
              fields={options?.fields ?? []}
              values={custom}
              errors={error?.fields ?? {}}
              onChange={(id, value) => setCustom((c) => ({ ...c, [String(id)]: value }))}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
