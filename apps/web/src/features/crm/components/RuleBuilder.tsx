import type { TSegmentGroupInput, TSegmentRuleInput } from '@kindling/contracts';
import { ActionIcon, Button, Card, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { fieldOptions, keyOf, OPERATOR_LABELS, ruleCatalogue, withOperator } from '../segment-rules.ts';
import { type RuleChoices, RuleValue } from './RuleValue.tsx';

type SubGroup = { match: 'all' | 'any'; rules: TSegmentRuleInput[] };
type Item = TSegmentRuleInput | SubGroup;
const isRule = (item: Item): item is TSegmentRuleInput => 'field' in item;

type Props = {
  value: TSegmentGroupInput;
  onChange: (group: TSegmentGroupInput) => void;
  choices: RuleChoices;
  /** The server's field errors, keyed as its paths ('rules.rules.0.value'). */
  errors?: Record<string, string>;
};

const errorAt = (errors: Record<string, string> | undefined, path: string) =>
  errors ? Object.entries(errors).find(([k]) => k === path || k.startsWith(`${path}.`))?.[1] : undefined;

function RuleRow({
  rule,
  number,
  path,
  choices,
  errors,
  onChange,
  onRemove,
}: {
  rule: TSegmentRuleInput;
  number: string;
  path: string;
  choices: RuleChoices;
  errors?: Record<string, string>;
  onChange: (rule: TSegmentRuleInput) => void;
  onRemove: () => void;
}) {
  const catalogue = useMemo(() => ruleCatalogue(choices.fields), [choices.fields]);
  const entry = catalogue.find((e) => e.key === keyOf(rule));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={`Rule ${number}`}>
      <Select
        label={`Rule ${number} field`}
        data={fieldOptions(catalogue)}
        value={keyOf(rule)}
        onChange={(key) => {
          const next = catalogue.find((e) => e.key === key);
          if (next) onChange(next.start());
        }}
        allowDeselect={false}
        searchable
        w={210}
      />
      <Select
        label={`Rule ${number} operator`}
        data={(entry?.operators ?? [rule.operator]).map((o) => ({ value: o, label: OPERATOR_LABELS[o] ?? o }))}
        value={rule.operator}
        onChange={(o) => o && onChange(withOperator(rule, o))}
        allowDeselect={false}
        w={200}
        error={errorAt(errors, `${path}.operator`)}
      />
      <RuleValue
        rule={rule}
        label={`Rule ${number} value`}
        choices={choices}
        error={errorAt(errors, `${path}.value`) ?? errorAt(errors, `${path}.to`) ?? errorAt(errors, `${path}.field_id`)}
        onChange={onChange}
      />
      <ActionIcon variant="subtle" color="red" aria-label={`Remove rule ${number}`} onClick={onRemove} mb={4}>
        <Trash2 size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function MatchControl({
  value,
  onChange,
  label,
}: {
  value: 'all' | 'any';
  onChange: (m: 'all' | 'any') => void;
  label: string;
}) {
  return (
    <Group gap="xs">
      <Text size="sm">Match</Text>
      <SegmentedControl
        aria-label={label}
        size="xs"
        value={value}
        onChange={(v) => onChange(v as 'all' | 'any')}
        data={[
          { value: 'all', label: 'all (AND)' },
          { value: 'any', label: 'any (OR)' },
        ]}
      />
      <Text size="sm">of these rules</Text>
    </Group>
  );
}

/**
 * Rules over contacts and their giving, joined by all (AND) or any (OR), with groups one level
 * down (docs/product/crm.md#segments). Each rule's inputs follow its field's type.
 */
export function RuleBuilder({ value, onChange, choices, errors }: Props) {
  const catalogue = useMemo(() => ruleCatalogue(choices.fields), [choices.fields]);
  const items = value.rules as Item[];
  const setItems = (next: Item[]) => onChange({ ...value, rules: next as TSegmentGroupInput['rules'] });
  const replace = (i: number, item: Item) => setItems(items.map((x, j) => (j === i ? item : x)));
  const remove = (i: number) => setItems(items.filter((_, j) => j !== i));
  const firstRule = () => (catalogue.find((e) => e.key === 'gift_date:last_gift') ?? catalogue[0])?.start();
  const addRule = () => {
    const rule = firstRule();
    if (rule) setItems([...items, rule]);
  };
  const addGroup = () => {
    const rule = firstRule();
    if (rule) setItems([...items, { match: 'any', rules: [rule] }]);
  };
  return (
    <Stack gap="sm">
      <MatchControl value={value.match} onChange={(match) => onChange({ ...value, match })} label="Match rules" />
      {items.map((item, i) => {
        const number = String(i + 1);
        const path = `rules.rules.${i}`;
        if (isRule(item))
          return (
            <RuleRow
              key={path}
              rule={item}
              number={number}
              path={path}
              choices={choices}
              errors={errors}
              onChange={(rule) => replace(i, rule)}
              onRemove={() => remove(i)}
            />
          );
        const setSub = (sub: SubGroup) => (sub.rules.length === 0 ? remove(i) : replace(i, sub));
        return (
          <Card key={path} withBorder radius="md" padding="sm" aria-label={`Group ${number}`} component="section">
            <Stack gap="sm">
              <MatchControl
                value={item.match}
                onChange={(match) => setSub({ ...item, match })}
                label={`Match group ${number}`}
              />
              {item.rules.map((rule, j) => (
                <RuleRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own, and a key from the rule object would change (and remount the inputs, losing focus) on every keystroke.
                  key={`${path}.${j}`}
                  rule={rule}
                  number={`${number}.${j + 1}`}
                  path={`${path}.rules.${j}`}
                  choices={choices}
                  errors={errors}
                  onChange={(r) => setSub({ ...item, rules: item.rules.map((x, k) => (k === j ? r : x)) })}
                  onRemove={() => setSub({ ...item, rules: item.rules.filter((_, k) => k !== j) })}
                />
              ))}
              <Button
                variant="subtle"
                size="xs"
                leftSection={<Plus size={14} aria-hidden />}
                onClick={() => {
                  const rule = firstRule();
                  if (rule) setSub({ ...item, rules: [...item.rules, rule] });
                }}
                style={{ alignSelf: 'flex-start' }}
              >
                Add rule to group {number}
              </Button>
            </Stack>
          </Card>
        );
      })}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<Plus size={14} aria-hidden />} onClick={addRule}>
          Add rule
        </Button>
        <Button variant="default" size="xs" leftSection={<Plus size={14} aria-hidden />} onClick={addGroup}>
          Add group
        </Button>
      </Group>
    </Stack>
  );
}
