import type { TSegment, TSegmentGroupInput, TSegmentKind } from '@kindling/contracts';
import { Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { createSegment, saveSegment, segmentKeys, segmentQueries } from '../api/segments.queries.ts';
import { RuleBuilder } from './RuleBuilder.tsx';
import type { RuleChoices } from './RuleValue.tsx';

const START: TSegmentGroupInput = {
  match: 'all',
  rules: [{ field: 'gift_date', name: 'last_gift', operator: 'not_in_last_days', value: 365 }],
};
/** How long the rules must stay unchanged before the count is asked again. */
const COUNT_DELAY_MS = 500;

type Props = {
  npoId: number | null;
  /** The segment to change, or null for a new one. */
  segment: TSegment | null;
  choices: RuleChoices;
  onClose: () => void;
  onSaved: (segment: TSegment) => void;
};

/** Live count of the rules being edited, asked half a second after the last change. */
function LiveCount({ npoId, rules }: { npoId: number | null; rules: TSegmentGroupInput }) {
  const format = useFormat();
  const [settled] = useDebouncedValue(rules, COUNT_DELAY_MS);
  const count = useQuery(segmentQueries.count(npoId, settled.rules.length > 0 ? settled : null));
  const pending = count.isFetching || settled !== rules;
  const n = count.data?.count;
  return (
    <Group gap="xs" aria-live="polite">
      {pending ? <Loader size="xs" aria-label="Counting" /> : null}
      <Text size="sm" fw={600} data-testid="segment-live-count">
        {rules.rules.length === 0
          ? 'Add a rule to see who matches.'
          : count.isError
            ? 'Check the rules marked below.'
            : n === undefined
              ? 'Counting…'
              : `${format.count(n)} contact${n === 1 ? '' : 's'} match`}
      </Text>
    </Group>
  );
}

/** Create or change a segment: its name, kind (new ones only) and rules, with the live count. */
export function SegmentEditor({ npoId, segment, choices, onClose, onSaved }: Props) {
  const client = useQueryClient();
  const [name, setName] = useState(segment?.name ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [kind, setKind] = useState<TSegmentKind>(segment?.kind ?? 'dynamic');
  const [rules, setRules] = useState<TSegmentGroupInput>(segment?.rules ?? START);
  const [settled] = useDebouncedValue(rules, COUNT_DELAY_MS);
  const countError = useQuery(segmentQueries.count(npoId, settled.rules.length > 0 ? settled : null)).error;
  const save = useMutation({
    mutationFn: () => {
      const body = { name, description, kind, rules: kind === 'dynamic' ? rules : null };
      return segment ? saveSegment(segment.id, body) : createSegment(body);
    },
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: segmentKeys.all });
      toast('green', `Saved the segment “${saved.name}”.`);
      onSaved(saved);
    },
  });
  const saveError = save.error ? describeFormError(save.error, 'The segment could not be saved.') : null;
  const ruleErrors = {
    ...(countError ? describeFormError(countError, '').fields : {}),
    ...(saveError?.fields ?? {}),
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={segment ? `Edit “${segment.name}”` : 'New segment'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <FormAlert message={saveError?.message ?? null} />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={saveError?.fields.name}
            maxLength={80}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            rows={2}
            maxLength={500}
          />
          {segment ? null : (
            <SegmentedControl
              aria-label="Kind of segment"
              value={kind}
              onChange={(v) => setKind(v as TSegmentKind)}
              data={[
                { value: 'dynamic', label: 'Rules (dynamic)' },
                { value: 'static', label: 'Hand-picked list (static)' },
              ]}
            />
          )}
          {kind === 'dynamic' ? (
            <>
              <LiveCount npoId={npoId} rules={rules} />
              <FormAlert message={ruleErrors.rules ?? null} />
              <RuleBuilder value={rules} onChange={setRules} choices={choices} errors={ruleErrors} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Add contacts to a static list from its page once it is saved.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save segment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
