import { GIVING_INTERVALS, INTERVAL_LABELS, isZeroDecimal, type TGivingInterval } from '@kindling/contracts';
import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { newAmount } from '../../editor/campaign-draft.ts';
import type { SectionProps } from './editor-form.ts';
import { ImageField } from './ImageField.tsx';
import { ListControls } from './ListControls.tsx';

const INTERVAL_OPTIONS = GIVING_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));

type RowProps = SectionProps & { index: number; position: number; siblings: number[] };

function AmountRow({ form, campaignId, index, position, siblings }: RowProps) {
  const amount = form.values.amounts[index];
  if (!amount) return null;
  const currency = form.values.currency;
  const name = `${INTERVAL_LABELS[amount.interval].toLowerCase()} preset ${position + 1}`;
  const move = (to: number | undefined) =>
    to === undefined ? null : () => form.reorderListItem('amounts', { from: index, to });
  return (
    <Fieldset legend={`Preset ${position + 1}`} variant="filled" p="sm">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Amount"
            withAsterisk
            inputMode={isZeroDecimal(currency) ? 'numeric' : 'decimal'}
            placeholder={isZeroDecimal(currency) ? '1000' : '25.00'}
            rightSection={<Text size="xs">{currency}</Text>}
            rightSectionWidth={48}
            {...form.getInputProps(`amounts.${index}.amount`)}
          />
          <Select
            label="Interval"
            data={INTERVAL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps(`amounts.${index}.interval`)}
          />
        </SimpleGrid>
        <TextInput
          label="Description"
          placeholder="What this gift does, like 'Feeds a family for a week'"
          {...form.getInputProps(`amounts.${index}.description`)}
        />
        <ImageField
          label="Preset image"
          purpose="preset"
          campaignId={campaignId}
          value={amount.image_url}
          onChange={(url) => form.setFieldValue(`amounts.${index}.image_url`, url)}
          error={form.errors[`amounts.${index}.image_url`]}
        />
        <Group justify="flex-end">
          <ListControls
            itemName={name}
            onUp={move(siblings[position - 1])}
            onDown={move(siblings[position + 1])}
            onRemove={() => form.removeListItem('amounts', index)}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * Preset amounts, one tab per interval. The form shows an interval's tab only when it has presets,
 * so the tabs here say how many each has. Amounts are typed in major units of the default currency.
 */
export function AmountsSection(props: SectionProps) {
  const { form } = props;
  const [interval, setInterval] = useState<TGivingInterval>('once');
  const counts = Object.fromEntries(
    GIVING_INTERVALS.map((i) => [i, form.values.amounts.filter((a) => a.interval === i).length]),
  );
  const siblings = form.values.amounts.flatMap((a, index) => (a.interval === interval ? [index] : []));
  // A failed save may flag a preset of another interval: open its tab so the message is seen.
  const errorPaths = Object.keys(form.errors);
  const flagged = form.values.amounts.filter((_, i) => errorPaths.some((p) => p.startsWith(`amounts.${i}.`)));
  const switchTo = flagged.some((a) => a.interval === interval) ? null : (flagged[0]?.interval ?? null);
  useEffect(() => {
    if (switchTo) setInterval(switchTo);
  }, [switchTo]);
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Amounts
      </Title>
      <Text size="sm" c="dimmed">
        Preset amounts in {form.values.currency}, the default currency. Donors see the intervals that have presets
        {form.values.user_amount_enable ? ', and may also type their own amount' : ''}.
      </Text>
      {form.errors.amounts ? (
        <Alert color="red" role="alert">
          {form.errors.amounts}
        </Alert>
      ) : null}
      <Tabs value={interval} onChange={(v) => v && setInterval(v as TGivingInterval)} variant="pills">
        <Tabs.List aria-label="Interval">
          {GIVING_INTERVALS.map((i) => (
            <Tabs.Tab key={i} value={i}>
              {INTERVAL_LABELS[i]} ({counts[i]})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {siblings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {INTERVAL_LABELS[interval].toLowerCase()} presets.
        </Text>
      ) : null}
      {siblings.map((index, position) => (
        <AmountRow
          key={form.values.amounts[index]?.key ?? index}
          {...props}
          index={index}
          position={position}
          siblings={siblings}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<Plus size={16} aria-hidden />}
          onClick={() => form.insertListItem('amounts', newAmount(interval))}
        >
          Add {INTERVAL_LABELS[interval].toLowerCase()} amount
        </Button>
      </Group>
    </Stack>
  );
}
