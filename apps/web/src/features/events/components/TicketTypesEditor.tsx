import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import {
  type DiscountCodeForm,
  type FormErrors,
  newDiscountCode,
  newTicketType,
  type TicketTypeForm,
} from './event-form.ts';
import { MemberTicketFields } from './MemberTicketFields.tsx';

type ListProps<T> = {
  items: T[];
  currency: string;
  errors: FormErrors;
  onChange: (items: T[]) => void;
};

const PRICINGS = [
  { value: 'fixed', label: 'Fixed price' },
  { value: 'free', label: 'Free' },
  { value: 'pay_what_you_want', label: 'Pay what you want' },
];

/** Ticket types: price (or free, or a minimum), fair-market value, quantity, limits, seats per ticket, sales window. */
export function TicketTypesEditor({ items, currency, errors, onChange }: ListProps<TicketTypeForm>) {
  const set = (i: number, patch: Partial<TicketTypeForm>) =>
    onChange(items.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <Paper withBorder radius="lg" p="md" component="fieldset">
      <Title order={2} size="h4" component="legend">
        Ticket types
      </Title>
      <Stack gap="lg">
        {items.map((t, i) => {
          const field = (name: string) => errors[`ticket_types.${i}.${name}`];
          const label = t.name || `Ticket type ${i + 1}`;
          return (
            <Stack key={t.id ?? `new-${i}`} gap="xs" aria-label={label} role="group">
              <Group justify="space-between">
                <Text fw={600}>{label}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<Trash2 size={14} aria-hidden />}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                  aria-label={`Remove ${label}`}
                >
                  Remove
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Name"
                  required
                  value={t.name}
                  error={field('name')}
                  onChange={(e) => set(i, { name: e.currentTarget.value })}
                />
                <Select
                  label="Pricing"
                  data={PRICINGS}
                  value={t.pricing}
                  allowDeselect={false}
                  onChange={(v) => set(i, { pricing: (v ?? 'fixed') as TicketTypeForm['pricing'] })}
                />
                <TextInput
                  label={t.pricing === 'pay_what_you_want' ? `Minimum (${currency})` : `Price (${currency})`}
                  disabled={t.pricing === 'free'}
                  inputMode="decimal"
                  value={t.pricing === 'free' ? '0' : t.price}
                  error={field('price_minor')}
                  onChange={(e) => set(i, { price: e.currentTarget.value })}
                />
                <TextInput
                  label={`Fair-market value (${currency})`}
                  description="What the buyer receives: the receipt deducts it."
                  inputMode="decimal"
                  value={t.fair_market_value}
                  error={field('fair_market_value_minor')}
                  onChange={(e) => set(i, { fair_market_value: e.currentTarget.value })}
                />
                <TextInput
                  label="Quantity"
                  description={t.taken > 0 ? `${t.taken} taken` : 'Empty: limited by capacity only.'}
                  inputMode="numeric"
                  value={t.quantity}
                  error={field('quantity')}
                  onChange={(e) => set(i, { quantity: e.currentTarget.value })}
                />
                <TextInput
                  label="Per-order limit"
                  inputMode="numeric"
                  value={t.per_order_limit}
                  error={field('per_order_limit')}
                  onChange={(e) => set(i, { per_order_limit: e.currentTarget.value })}
                />
                <TextInput
                  label="Attendees per ticket"
                  description="8 for a table of 8."
                  inputMode="numeric"
                  value={t.attendees_per_ticket}
                  error={field('attendees_per_ticket')}
                  onChange={(e) => set(i, { attendees_per_ticket: e.currentTarget.value })}
                />
                <TextInput
                  type="datetime-local"
                  label="Sales start"
                  value={t.sales_start}
                  error={field('sales_start')}
                  onChange={(e) => set(i, { sales_start: e.currentTarget.value })}
                />
                <TextInput
                  type="datetime-local"
                  label="Sales end"
                  value={t.sales_end}
                  error={field('sales_end')}
                  onChange={(e) => set(i, { sales_end: e.currentTarget.value })}
                />
              </SimpleGrid>
              {/* m19: members only, member price and tiers (decision 090). */}
              <MemberTicketFields value={t} currency={currency} error={field} onChange={(patch) => set(i, patch)} />
            </Stack>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<Plus size={16} aria-hidden />}
            onClick={() => onChange([...items, newTicketType()])}
          >
            Add a ticket type
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Discount codes: a percentage or a fixed amount, a usage limit and an expiry. */
export function DiscountCodesEditor({ items, currency, errors, onChange }: ListProps<DiscountCodeForm>) {
  const set = (i: number, patch: Partial<DiscountCodeForm>) =>
    onChange(items.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <Paper withBorder radius="lg" p="md" component="fieldset">
      <Title order={2} size="h4" component="legend">
        Discount codes
      </Title>
      <Stack gap="md">
        {items.length === 0 && <Text c="dimmed">No codes. Buyers pay the listed prices.</Text>}
        {items.map((c, i) => {
          const field = (name: string) => errors[`discount_codes.${i}.${name}`];
          return (
            <SimpleGrid
              key={c.id ?? `new-${i}`}
              cols={{ base: 1, sm: 6 }}
              role="group"
              aria-label={c.code || `Code ${i + 1}`}
            >
              <TextInput
                label="Code"
                value={c.code}
                error={field('code')}
                onChange={(e) => set(i, { code: e.currentTarget.value.toUpperCase() })}
              />
              <Select
                label="Kind"
                data={[
                  { value: 'percent', label: 'Percent off' },
                  { value: 'fixed', label: `Amount off (${currency})` },
                ]}
                value={c.kind}
                allowDeselect={false}
                onChange={(v) => set(i, { kind: (v ?? 'percent') as DiscountCodeForm['kind'] })}
              />
              <TextInput
                label={c.kind === 'percent' ? 'Percent' : 'Amount'}
                inputMode="decimal"
                value={c.amount}
                error={field('amount')}
                onChange={(e) => set(i, { amount: e.currentTarget.value })}
              />
              <TextInput
                label="Usage limit"
                description={`${c.used} used`}
                inputMode="numeric"
                value={c.usage_limit}
                error={field('usage_limit')}
                onChange={(e) => set(i, { usage_limit: e.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label="Expires"
                value={c.expires}
                error={field('expires')}
                onChange={(e) => set(i, { expires: e.currentTarget.value })}
              />
              <Button
                variant="subtle"
                color="red"
                mt={24}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
                aria-label={`Remove code ${c.code || i + 1}`}
              >
                Remove
              </Button>
            </SimpleGrid>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<Plus size={16} aria-hidden />}
            onClick={() => onChange([...items, newDiscountCode()])}
          >
            Add a discount code
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
