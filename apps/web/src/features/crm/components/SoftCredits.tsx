import { SOFT_CREDIT_KINDS, SOFT_CREDIT_LABELS, type TContactRecord, type TSoftCreditInput } from '@kindling/contracts';
import { Anchor, Badge, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import {
  addSoftCredit,
  contactKeys,
  removeSoftCredit,
  softCreditKeys,
  softCreditsQuery,
} from '../api/contacts.queries.ts';
import { ContactPicker } from './ContactPicker.tsx';

const KIND_CHOICES = SOFT_CREDIT_KINDS.map((k) => ({ value: k, label: SOFT_CREDIT_LABELS[k] }));

/** On a contact's record: the gifts credited to them (never in their own giving). */
export function ContactSoftCredits({
  credits,
  currency,
}: {
  credits: TContactRecord['soft_credits'];
  currency: string;
}) {
  const format = useFormat();
  if (credits.count === 0 && credits.latest.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No gifts credited to this contact. Credit one from the gift’s page.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        {format.count(credits.count)} gifts credited, {format.money(credits.total_minor, currency)} in all (not in their
        own giving).
      </Text>
      <List size="sm" spacing={4}>
        {credits.latest.map((s) => (
          <List.Item key={s.donation_id}>
            <Anchor component={Link} to={`/dashboard/donation/${s.donation_id}`} size="sm">
              {format.money(s.amount_minor, s.currency)} on {format.date(s.donated_at)}
            </Anchor>{' '}
            from {s.donor.name} · {SOFT_CREDIT_LABELS[s.kind]}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** On a gift's page: the contacts it is credited to besides its donor, added and removed by staff. */
export function SoftCreditsPanel({ npoId, donationId }: { npoId: number | null; donationId: number }) {
  const client = useQueryClient();
  const credits = useQuery(softCreditsQuery(npoId, donationId));
  const [contact, setContact] = useState<number | null>(null);
  const [kind, setKind] = useState<TSoftCreditInput['kind']>('soft_credit');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: softCreditKeys.gift(npoId, donationId) }),
      client.invalidateQueries({ queryKey: [...contactKeys.all, 'record'] }),
    ]);
  const add = useMutation({
    mutationFn: () => addSoftCredit(donationId, { contact_id: Number(contact), kind }),
    onSuccess: async () => {
      setContact(null);
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => removeSoftCredit(donationId, id), onSuccess: refresh });
  const error = add.error ? describeFormError(add.error, 'The soft credit could not be added.') : null;
  const list = credits.data?.soft_credits ?? [];
  return (
    <Stack gap="xs" component="section" aria-label="Soft credits">
      <Title order={2} size="h4">
        Soft credits
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {credits.isPending ? 'Loading…' : 'Credited to its donor only.'}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {list.map((s) => (
            <List.Item key={s.contact.id}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={`/dashboard/crm/contacts?contact=${s.contact.id}`} size="sm">
                  {s.contact.name}
                </Anchor>
                <Badge variant="light" size="sm" radius="sm">
                  {SOFT_CREDIT_LABELS[s.kind]}
                </Badge>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove.mutate(s.contact.id)}
                  aria-label={`Remove the soft credit to ${s.contact.name}`}
                >
                  Remove
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (contact !== null) add.mutate();
        }}
      >
        <FormAlert message={error?.message ?? null} />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <ContactPicker
            npoId={npoId}
            value={contact}
            onChange={setContact}
            label="Credit a contact"
            error={error?.fields.contact_id}
          />
          <Select
            label="As"
            data={KIND_CHOICES}
            value={kind}
            onChange={(v) => setKind((v as TSoftCreditInput['kind']) ?? 'soft_credit')}
            allowDeselect={false}
            w={160}
          />
          <Button type="submit" size="sm" variant="default" disabled={contact === null} loading={add.isPending}>
            Add soft credit
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
