import type { TContactOptions, TContactRecord, THousehold } from '@kindling/contracts';
import { Anchor, Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import {
  addHouseholdMember,
  changeHousehold,
  contactKeys,
  createHousehold,
  householdStatementUrl,
  removeHouseholdMember,
} from '../api/contacts.queries.ts';
import { ContactPicker } from './ContactPicker.tsx';

/** Name and salutation, for a new household or a change to this one. */
function NameForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: { name: string; salutation: string };
  submitLabel: string;
  onSave: (v: { name: string; salutation: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [salutation, setSalutation] = useState(initial.salutation);
  const save = useMutation({ mutationFn: () => onSave({ name, salutation }) });
  const error = save.error ? describeFormError(save.error, 'The household could not be saved.') : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="xs">
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Household name"
          placeholder="The Smith Family"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error?.fields.name}
          required
        />
        <TextInput
          label="Salutation"
          placeholder="Dear Jane and John"
          value={salutation}
          onChange={(e) => setSalutation(e.currentTarget.value)}
          error={error?.fields.salutation}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.isPending}>
            {submitLabel}
          </Button>
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Members of the household, each with their own giving; others are added by name. */
function Members({ npoId, contactId, h }: { npoId: number | null; contactId: number; h: THousehold }) {
  const format = useFormat();
  const client = useQueryClient();
  const [adding, setAdding] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.all });
  const add = useMutation({
    mutationFn: (id: number) => addHouseholdMember(h.id, id),
    onSuccess: () => {
      setAdding(null);
      return refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => removeHouseholdMember(h.id, id), onSuccess: refresh });
  const error = add.error ? describeFormError(add.error, 'The member could not be added.') : null;
  return (
    <Stack gap="xs">
      <List size="sm" spacing={4} aria-label="Household members">
        {h.members.map((m) => (
          <List.Item key={m.id}>
            <Group gap="xs" wrap="wrap">
              {m.id === contactId ? (
                <Text size="sm">{m.name}</Text>
              ) : (
                <Anchor component={Link} to={`/dashboard/crm/contacts?contact=${m.id}`} size="sm">
                  {m.name}
                </Anchor>
              )}
              <Text size="sm" c="dimmed">
                {format.money(m.lifetime_total_minor, h.currency)}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => remove.mutate(m.id)}
                aria-label={`Remove ${m.name} from the household`}
              >
                Remove
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (adding !== null) add.mutate(adding);
        }}
      >
        <FormAlert message={error?.message ?? null} />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <ContactPicker
            npoId={npoId}
            value={adding}
            onChange={setAdding}
            label="Add a member"
            error={error?.fields.contact_id}
          />
          <Button type="submit" size="sm" variant="default" disabled={adding === null} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The contact's household on their record: create one from here, join one, rename it, add or remove members. */
export function HouseholdPanel({
  npoId,
  contact,
  options,
}: {
  npoId: number | null;
  contact: TContactRecord;
  options: TContactOptions | undefined;
}) {
  const format = useFormat();
  const client = useQueryClient();
  const [mode, setMode] = useState<'view' | 'create' | 'edit'>('view');
  const [joining, setJoining] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.all });
  const join = useMutation({
    mutationFn: (id: number) => addHouseholdMember(id, contact.id),
    onSuccess: refresh,
  });
  const h = contact.household;
  const done = async () => {
    await refresh();
    setMode('view');
  };
  if (mode === 'create')
    return (
      <NameForm
        initial={{ name: contact.last_name ? `The ${contact.last_name} Family` : '', salutation: '' }}
        submitLabel="Create household"
        onCancel={() => setMode('view')}
        onSave={async (v) => {
          const created = await createHousehold(v);
          await addHouseholdMember(created.id, contact.id);
          await done();
        }}
      />
    );
  if (!h) {
    const joinError = join.error ? describeFormError(join.error, 'The household could not be joined.') : null;
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Not in a household.
        </Text>
        <Button size="xs" variant="default" onClick={() => setMode('create')} w="fit-content">
          Create a household
        </Button>
        {(options?.households.length ?? 0) > 0 ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label="Or join a household"
              placeholder="Choose"
              data={(options?.households ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
              value={joining}
              onChange={setJoining}
              error={joinError?.fields.contact_id ?? joinError?.message}
            />
            <Button
              size="sm"
              variant="default"
              disabled={joining === null}
              loading={join.isPending}
              onClick={() => join.mutate(Number(joining))}
            >
              Join
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }
  if (mode === 'edit')
    return (
      <NameForm
        initial={h}
        submitLabel="Save household"
        onCancel={() => setMode('view')}
        onSave={async (v) => {
          const { address, address2, city, state, postal_code, country } = h;
          await changeHousehold(h.id, { ...v, address, address2, city, state, postal_code, country });
          await done();
        }}
      />
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {h.name}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setMode('edit')}>
          Rename
        </Button>
      </Group>
      <Text size="sm">{h.salutation ? `Salutation: ${h.salutation}` : 'No salutation yet.'}</Text>
      <Text size="sm">
        Household giving: <strong>{format.money(h.lifetime_total_minor, h.currency)}</strong> ·{' '}
        {format.count(h.gift_count)} gifts
      </Text>
      <Members npoId={npoId} contactId={contact.id} h={h} />
      <HouseholdStatement h={h} />
    </Stack>
  );
}

/** The household's annual statement: one letter to the household with every member's gifts of a giving year. */
function HouseholdStatement({ h }: { h: THousehold }) {
  const [year, setYear] = useState<string | null>(null);
  if (h.statement_years.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No gifts yet: a household statement lists its members’ gifts.
      </Text>
    );
  const chosen = year ?? String(h.statement_years[0]);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Household statement year"
        data={h.statement_years.map(String)}
        value={chosen}
        allowDeselect={false}
        onChange={(v) => v && setYear(v)}
        w={200}
      />
      <Button
        component="a"
        href={householdStatementUrl(h.id, Number(chosen))}
        leftSection={<Download size={16} aria-hidden />}
        variant="light"
        size="sm"
      >
        Household statement (PDF)
      </Button>
    </Group>
  );
}
