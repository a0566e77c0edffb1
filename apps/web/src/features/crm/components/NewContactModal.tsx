import {
  COMMUNICATION_CHANNELS,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  isOrganisationType,
  type TCommunicationChannel,
  type TContactInput,
  type TContactOptions,
  type TContactRecord,
  type TContactType,
  type TCustomFieldValue,
} from '@kindling/contracts';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { contactKeys, createContact, createHousehold, saveContact } from '../api/contacts.queries.ts';
import { CustomFieldInputs } from './CustomFieldInputs.tsx';

const NEW_HOUSEHOLD = 'new';

const CHANNEL_LABELS: Record<TCommunicationChannel, string> = {
  email: 'E-mail',
  post: 'Post',
  phone: 'Phone',
  sms: 'SMS',
};

type Props = {
  opened: boolean;
  options: TContactOptions | undefined;
  /** The contact being edited; a new contact without. */
  initial?: TContactRecord;
  onClose: () => void;
  onCreated: (id: number) => void;
};

/** What the form does not show of a contact, kept as it is when the form saves. */
const keptOf = (c: TContactRecord | undefined): Partial<TContactInput> =>
  c
    ? {
        emails: c.emails,
        address: c.address,
        addresses: c.addresses,
        date_of_birth: c.date_of_birth,
        employer: c.employer,
        source: c.source,
      }
    : {};

const allowedOf = (c: TContactRecord | undefined) =>
  Object.fromEntries(COMMUNICATION_CHANNELS.map((ch) => [ch, c?.communication[ch]?.allowed ?? true])) as Record<
    TCommunicationChannel,
    boolean
  >;

/** Add a contact who has not given (a prospect, a volunteer, a company), optionally into a household; or edit one. */
export function NewContactModal({ opened, options, initial, onClose, onCreated }: Props) {
  const client = useQueryClient();
  const [type, setType] = useState<TContactType>(initial?.contact_type ?? 'prospect');
  const [first, setFirst] = useState(initial?.first_name ?? '');
  const [last, setLast] = useState(initial?.last_name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [phone, setPhone] = useState(initial?.phones.find((p) => p.primary)?.number ?? '');
  const [household, setHousehold] = useState<string | null>(initial?.household ? String(initial.household.id) : null);
  const [householdName, setHouseholdName] = useState('');
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [owner, setOwner] = useState<string | null>(initial?.owner ? String(initial.owner.id) : null);
  const [custom, setCustom] = useState<Record<string, TCustomFieldValue>>(initial?.custom_fields ?? {});
  const [allowed, setAllowed] = useState(() => allowedOf(initial));
  const organisation = isOrganisationType(type);
  const create = useMutation({
    mutationFn: async () => {
      const householdId =
        household === NEW_HOUSEHOLD
          ? (await createHousehold({ name: householdName })).id
          : household
            ? Number(household)
            : null;
      const others = (initial?.phones ?? []).filter((p) => !p.primary);
      const body: TContactInput = {
        ...keptOf(initial),
        communication: allowed,
        contact_type: type,
        first_name: organisation ? '' : first,
        last_name: last,
        email,
        phones: phone.trim() ? [{ number: phone, label: '', primary: true }, ...others] : others,
        household_id: householdId,
        tags,
        owner_user_id: owner ? Number(owner) : null,
        custom_fields: custom,
      };
      return initial ? saveContact(initial.id, body) : createContact(body);
    },
    onSuccess: async (contact) => {
      await client.invalidateQueries({ queryKey: contactKeys.all });
      onCreated(contact.id);
    },
  });
  const error = create.error ? describeFormError(create.error, 'The contact could not be saved.') : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={initial ? 'Edit contact' : 'New contact'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
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
          <Checkbox.Group
            label="May be contacted by"
            value={COMMUNICATION_CHANNELS.filter((c) => allowed[c])}
            onChange={(v) =>
              setAllowed(
                Object.fromEntries(COMMUNICATION_CHANNELS.map((c) => [c, v.includes(c)])) as Record<
                  TCommunicationChannel,
                  boolean
                >,
              )
            }
          >
            <Group gap="md" mt={4}>
              {COMMUNICATION_CHANNELS.map((c) => (
                <Checkbox key={c} value={c} label={CHANNEL_LABELS[c]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              {initial ? 'Save contact' : 'Add contact'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
