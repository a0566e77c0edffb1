import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { emptyReward, type FieldErrors, type RewardForm } from './settings-form.ts';

type Props = {
  rewards: RewardForm[];
  currency: string;
  errors: FieldErrors;
  onChange: (rewards: RewardForm[]) => void;
};

/** Reward levels: amount, title, description, image, delivery, limit, shipping and fair-market value. */
export function RewardsEditor({ rewards, currency, errors, onChange }: Props) {
  const patch = (key: string, change: Partial<RewardForm>) =>
    onChange(rewards.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const move = (index: number, by: number) => {
    const next = [...rewards];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <Stack gap="sm">
      {rewards.length === 0 && (
        <Text c="dimmed">No rewards: the page offers 25, 100 and 250 as plain pledges until you add one.</Text>
      )}
      {rewards.map((r, i) => {
        const field = (name: string) => errors[`rewards.${i}.${name}`];
        const label = r.title || `Reward ${i + 1}`;
        return (
          <Paper key={r.key} withBorder p="md" radius="md" component="fieldset" aria-label={label} m={0}>
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{label}</Text>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${label} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${label} down`}
                  disabled={i === rewards.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${label}`}
                  onClick={() => onChange(rewards.filter((x) => x.key !== r.key))}
                >
                  <Trash2 size={16} />
                </ActionIcon>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={`Pledge amount (${currency})`}
                required
                inputMode="decimal"
                value={r.amount}
                error={field('amount_minor')}
                onChange={(e) => patch(r.key, { amount: e.currentTarget.value })}
              />
              <TextInput
                label="Title"
                required
                value={r.title}
                error={field('title')}
                onChange={(e) => patch(r.key, { title: e.currentTarget.value })}
              />
              <TextInput
                label={`Fair-market value (${currency})`}
                description="What the reward is worth: the receipt deducts it from the gift."
                inputMode="decimal"
                value={r.fair_market_value}
                error={field('fair_market_value_minor')}
                onChange={(e) => patch(r.key, { fair_market_value: e.currentTarget.value })}
              />
              <TextInput
                label="Quantity limit"
                description={r.taken > 0 ? `${r.taken} claimed or held` : 'Leave empty for no limit.'}
                inputMode="numeric"
                value={r.quantity}
                error={field('quantity')}
                onChange={(e) => patch(r.key, { quantity: e.currentTarget.value })}
              />
              <TextInput
                label="Estimated delivery"
                type="date"
                value={r.delivery_date}
                error={field('delivery_date')}
                onChange={(e) => patch(r.key, { delivery_date: e.currentTarget.value })}
              />
              <TextInput
                label="Image address"
                placeholder="https://… or an uploaded image"
                value={r.image_url}
                error={field('image_url')}
                onChange={(e) => patch(r.key, { image_url: e.currentTarget.value })}
              />
            </SimpleGrid>
            <Textarea
              mt="sm"
              label="Description"
              rows={2}
              value={r.description}
              error={field('description')}
              onChange={(e) => patch(r.key, { description: e.currentTarget.value })}
            />
            <Checkbox
              mt="sm"
              label="Shipping required (collect the backer's address)"
              checked={r.shipping_required}
              onChange={(e) => patch(r.key, { shipping_required: e.currentTarget.checked })}
            />
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<Plus size={16} />}
        w="fit-content"
        onClick={() => onChange([...rewards, emptyReward()])}
      >
        Add a reward
      </Button>
    </Stack>
  );
}
