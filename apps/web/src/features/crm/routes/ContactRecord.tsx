import {
  COMMUNICATION_CHANNELS,
  CONTACT_TYPE_LABELS,
  type TContactOptions,
  type TContactRecord,
} from '@kindling/contracts';
import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { contactKeys, contactQueries, removeRelationship } from '../api/contacts.queries.ts';
import { ContactCommunications } from '../components/ContactCommunications.tsx';
import { HouseholdPanel } from '../components/HouseholdPanel.tsx';
import { NewContactModal } from '../components/NewContactModal.tsx';
import { RelationshipForm } from '../components/RelationshipForm.tsx';
import { ContactSoftCredits } from '../components/SoftCredits.tsx';

const CHANNEL_LABELS = { email: 'E-mail', post: 'Post', phone: 'Phone', sms: 'SMS' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

function Details({ c, options }: { c: TContactRecord; options: TContactOptions | undefined }) {
  const format = useFormat();
  const address = [
    c.address.address,
    c.address.address2,
    c.address.city,
    c.address.state,
    c.address.postal_code,
    c.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Section title="Details">
      <Line label="E-mail" value={[c.email, ...c.emails.map((e) => e.email)].filter(Boolean).join(', ')} />
      <Line label="Phone" value={c.phones.map((p) => (p.label ? `${p.number} (${p.label})` : p.number)).join(', ')} />
      <Line label="Address" value={address} />
      <Line label="Date of birth" value={c.date_of_birth ? format.day(c.date_of_birth) : ''} />
      <Line label="Employer" value={c.employer} />
      <Line label="Source" value={c.source} />
      <Line label="Owner" value={c.owner?.name} />
      <Line
        label="Tags"
        value={
          <Group gap={4} justify="flex-end">
            {c.tags.map((t) => (
              <Badge key={t} variant="light" size="sm" radius="sm">
                {t}
              </Badge>
            ))}
          </Group>
        }
      />
      {(options?.fields ?? []).map((f) => {
        const v = c.custom_fields[String(f.id)];
        return (
          <Line
            key={f.id}
            label={f.label}
            value={v === undefined || v === null ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v)}
          />
        );
      })}
    </Section>
  );
}

/** One contact's record: details, preferences, household, relationships and giving. */
export function ContactRecord({
  npoId,
  id,
  options,
}: {
  npoId: number | null;
  id: number;
  options: TContactOptions | undefined;
}) {
  const format = useFormat();
  const client = useQueryClient();
  const record = useQuery(contactQueries.record(npoId, id));
  const [editing, setEditing] = useState(false);
  const unlink = useMutation({
    mutationFn: (relationshipId: number) => removeRelationship(id, relationshipId),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.record(npoId, id) }),
  });
  const back = (
    <Anchor component={Link} to="/dashboard/crm/contacts" size="sm">
      <Group gap={4}>
        <ArrowLeft size={14} aria-hidden /> All contacts
      </Group>
    </Anchor>
  );
  if (record.isPending) return <Skeleton h={320} aria-label="Loading the contact" />;
  if (record.isError) {
    const missing = 'status' in record.error && record.error.status === 404;
    return (
      <Stack>
        {back}
        <LoadError
          title={missing ? 'Contact not found' : 'The contact could not be loaded'}
          message={
            missing
              ? 'This contact does not exist in this organisation, or was merged or deleted.'
              : 'Please try again.'
          }
          retrying={record.isFetching}
          onRetry={() => record.refetch()}
        />
      </Stack>
    );
  }
  const c = record.data;
  return (
    <Stack gap="md">
      {back}
      <Group gap="sm">
        <Title order={2}>{c.name}</Title>
        <Badge variant="outline">{CONTACT_TYPE_LABELS[c.contact_type]}</Badge>
        <Button variant="default" size="xs" onClick={() => setEditing(true)}>
          Edit contact
        </Button>
        {/* deals20: a task about this contact. */}
        <Button variant="default" size="xs" component={Link} to={`/dashboard/crm/tasks?contact=${c.id}`}>
          New task
        </Button>
      </Group>
      {editing ? (
        <NewContactModal
          opened
          options={options}
          initial={c}
          onClose={() => setEditing(false)}
          onCreated={() => setEditing(false)}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Details c={c} options={options} />
        <Section title="Giving">
          <Line label="Lifetime total" value={format.money(c.giving.lifetime_total_minor, c.giving.currency)} />
          <Line label="Gifts" value={format.count(c.giving.gift_count)} />
          <Line label="First gift" value={format.date(c.giving.first_gift_at)} />
          <Line label="Last gift" value={format.date(c.giving.last_gift_at)} />
          {c.giving.gift_count > 0 ? (
            <Anchor component={Link} to={`/dashboard/donor/${c.id}`} size="sm">
              Gifts and timeline on the donor page
            </Anchor>
          ) : null}
        </Section>
        {/* crm20: households are made, renamed and joined from the record. */}
        <Section title="Household">
          <HouseholdPanel npoId={npoId} contact={c} options={options} />
        </Section>
        <Section title="Communication preferences">
          {COMMUNICATION_CHANNELS.map((ch) => {
            const p = c.communication[ch];
            return (
              <Line
                key={ch}
                label={CHANNEL_LABELS[ch]}
                value={
                  p?.allowed
                    ? 'Allowed'
                    : `Opted out ${format.date(p?.opted_out_at)}${p?.source ? ` (${p.source})` : ''}`
                }
              />
            );
          })}
        </Section>
      </SimpleGrid>
      <Section title="Relationships">
        {c.relationships.length === 0 ? (
          <Text size="sm" c="dimmed">
            No relationships recorded.
          </Text>
        ) : (
          <List size="sm" spacing={6}>
            {c.relationships.map((r) => (
              <List.Item key={r.id}>
                <Group gap="xs">
                  <Text size="sm">
                    {r.label}{' '}
                    <Anchor component={Link} to={`/dashboard/crm/contacts?contact=${r.other.id}`}>
                      {r.other.name}
                    </Anchor>
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => unlink.mutate(r.id)}
                    aria-label={`Remove: ${r.label} ${r.other.name}`}
                  >
                    Remove
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <RelationshipForm npoId={npoId} contactId={c.id} />
      </Section>
      {/* crm20: gifts credited to this contact. */}
      <Section title="Soft credits">
        <ContactSoftCredits credits={c.soft_credits} currency={c.giving.currency} />
      </Section>
      <Section title="Communications">
        <ContactCommunications npoId={npoId} contact={{ id: c.id, name: c.name }} />
      </Section>
    </Stack>
  );
}
