import { TIER_BILLING, TIER_BILLING_LABELS, type TTier, type TTierInput } from '@kindling/contracts';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { useFormat } from '../../../shared/format.ts';
import { membershipKeys, membershipQueries, saveTiers } from '../api/membership.queries.ts';

type Draft = TTierInput & { key: string; taken: number };

const toDraft = (t: TTier): Draft => ({
  key: String(t.id),
  id: t.id,
  name: t.name,
  description: t.description,
  benefits: t.benefits,
  billing: t.billing,
  price_minor: t.price_minor,
  term_months: t.term_months,
  fair_market_value_minor: t.fair_market_value_minor,
  capacity: t.capacity,
  household_size: t.household_size,
  archived: t.archived,
  taken: t.taken,
});
const toInput = ({ key: _key, taken: _taken, ...input }: Draft): TTierInput => input;
const major = (minor: number | undefined) => (minor ?? 0) / 100;
const minor = (value: number | string) => Math.round(Number(value || 0) * 100);

function TierFields({ tier, canEdit, onChange }: { tier: Draft; canEdit: boolean; onChange: (t: Draft) => void }) {
  const set = (patch: Partial<Draft>) => onChange({ ...tier, ...patch });
  const label = tier.name || 'New tier';
  return (
    <Paper withBorder radius="lg" p="md" component="fieldset" aria-label={label} disabled={!canEdit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Name" value={tier.name} onChange={(e) => set({ name: e.currentTarget.value })} />
        <Select
          label="Billing"
          data={TIER_BILLING.map((b) => ({ value: b, label: TIER_BILLING_LABELS[b] }))}
          value={tier.billing}
          onChange={(v) => v && set({ billing: v as Draft['billing'] })}
          allowDeselect={false}
        />
        {tier.billing === 'fixed_term' && (
          <NumberInput
            label="Term (months)"
            min={1}
            value={tier.term_months ?? ''}
            onChange={(v) => set({ term_months: v === '' ? null : Number(v) })}
          />
        )}
        <NumberInput
          label="Price"
          min={0}
          decimalScale={2}
          value={major(tier.price_minor)}
          onChange={(v) => set({ price_minor: minor(v) })}
        />
        <NumberInput
          label="Fair-market value of benefits"
          min={0}
          decimalScale={2}
          value={major(tier.fair_market_value_minor)}
          onChange={(v) => set({ fair_market_value_minor: minor(v) })}
        />
        <NumberInput
          label="Capacity (empty: no limit)"
          min={1}
          value={tier.capacity ?? ''}
          onChange={(v) => set({ capacity: v === '' ? null : Number(v) })}
        />
        <NumberInput
          label="Members per membership"
          min={1}
          max={12}
          value={tier.household_size}
          onChange={(v) => set({ household_size: Number(v) || 1 })}
        />
      </SimpleGrid>
      <TextInput
        mt="sm"
        label="Description"
        value={tier.description ?? ''}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <Textarea
        mt="sm"
        rows={3}
        label="Benefits (one per line)"
        value={(tier.benefits ?? []).join('\n')}
        onChange={(e) => set({ benefits: e.currentTarget.value.split('\n') })}
      />
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {tier.taken} holding a place
        </Text>
      </Group>
    </Paper>
  );
}

/** The tiers of the organisation's first membership campaign, saved as a whole. */
export function TiersEditor({ npoId, canEdit }: { npoId: number | null; canEdit: boolean }) {
  const format = useFormat();
  const campaigns = useQuery(membershipQueries.campaigns(npoId));
  const campaign = campaigns.data?.campaigns[0];
  const tiers = useQuery(membershipQueries.tiers(npoId, campaign?.id ?? 0));
  const [drafts, setDrafts] = useState<Draft[]>([]);
  useEffect(() => {
    if (tiers.data) setDrafts(tiers.data.tiers.filter((t) => !t.archived).map(toDraft));
  }, [tiers.data]);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      saveTiers(
        campaign?.id ?? 0,
        drafts.map((d) => toInput({ ...d, benefits: (d.benefits ?? []).map((b) => b.trim()).filter(Boolean) })),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: membershipKeys.all }),
  });
  if (campaigns.data && !campaign) {
    return <Text c="dimmed">Create a campaign of the membership kind to give it tiers.</Text>;
  }
  if (!campaign || !tiers.data) return <Text c="dimmed">Loading tiers…</Text>;
  return (
    <Stack>
      <Text size="sm">
        {campaign.name}: joined at /subscriptions/{campaign.campaign_url}. Each tier is one of the form’s preset
        amounts; a price of {format.money(0, campaign.currency)} is not allowed.
      </Text>
      {drafts.map((d, i) => (
        <TierFields
          key={d.key}
          tier={d}
          canEdit={canEdit}
          onChange={(next) => setDrafts(drafts.map((x, j) => (j === i ? next : x)))}
        />
      ))}
      <FormAlert message={save.error ? save.error.message : null} />
      {save.isSuccess && !save.isPending && (
        <Text size="sm" role="status">
          Tiers saved.
        </Text>
      )}
      {canEdit && (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setDrafts([
                ...drafts,
                {
                  key: `new-${drafts.length}`,
                  name: '',
                  billing: 'yearly',
                  price_minor: 0,
                  household_size: 1,
                  benefits: [],
                  taken: 0,
                },
              ])
            }
          >
            Add a tier
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save tiers
          </Button>
        </Group>
      )}
    </Stack>
  );
}
