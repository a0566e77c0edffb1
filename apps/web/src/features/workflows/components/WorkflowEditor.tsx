import {
  type TWorkflow,
  type TWorkflowCondition,
  type TWorkflowDryRun,
  type TWorkflowTriggerKind,
  WORKFLOW_TRIGGER_KINDS,
  WORKFLOW_TRIGGER_LABELS,
} from '@kindling/contracts';
import { Button, Group, List, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import {
  createWorkflow,
  dryRunWorkflow,
  saveWorkflow,
  workflowKeys,
  workflowQueries,
} from '../api/workflows.queries.ts';
import { StepEditor } from './StepEditor.tsx';
import {
  actionOf,
  CONDITION_LABELS,
  conditionOf,
  type Draft,
  emailSources,
  emptyDraft,
  triggerOf,
} from './workflow-draft.ts';

const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'NZD'];

function DryRunResult({ result }: { result: TWorkflowDryRun }) {
  return (
    <Stack gap={4} role="status" aria-label="Dry run">
      <Text fw={600}>
        {result.total === 0
          ? 'No contact matched this trigger in the last 30 days.'
          : `${result.total} contact${result.total === 1 ? '' : 's'} matched in the last 30 days.`}
      </Text>
      {result.total > 0 ? (
        <List size="sm">
          {result.contacts.slice(0, 20).map((c) => (
            <List.Item key={c.id}>
              {c.name} {c.email && c.email !== c.name ? `(${c.email})` : ''}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** The trigger, its conditions and the steps of a workflow, with a dry run before saving. */
export function WorkflowEditor({ workflow, onSaved }: { workflow: TWorkflow | null; onSaved: (id: number) => void }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const client = useQueryClient();
  const segments = useQuery(workflowQueries.lists(npoId));
  const campaigns = useQuery(workflowQueries.campaigns(npoId));
  const team = useQuery(workflowQueries.team(npoId));
  const campaignEmails = useQuery(workflowQueries.campaignEmails(npoId));
  const all = segments.data?.segments ?? [];
  const option = (s: { id: number; name: string }) => ({ value: String(s.id), label: s.name });
  const lists = all.filter((s) => s.kind === 'static').map(option);
  // The trigger watches a list or a rule-based segment; a step adds only to a list (decision 098).
  const watchable = [
    { group: 'Lists', items: lists },
    { group: 'Segments', items: all.filter((s) => s.kind !== 'static').map(option) },
  ].filter((g) => g.items.length > 0);
  const teamOptions = (team.data ?? []).map(option);
  const sources = emailSources(campaignEmails.data ?? []);
  const [d, setD] = useState<Draft>(() =>
    workflow
      ? {
          name: workflow.name,
          trigger: workflow.trigger,
          conditions: workflow.conditions,
          steps: workflow.steps.map((s) => ({
            delay_days: s.delay_days,
            delay_hours: s.delay_hours,
            action: s.action,
          })),
        }
      : emptyDraft(),
  );
  const save = useMutation({
    mutationFn: () => (workflow ? saveWorkflow(workflow.id, d) : createWorkflow(d)),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: workflowKeys.all });
      toast('green', 'Workflow saved.');
      onSaved(saved.id);
    },
  });
  const dry = useMutation({ mutationFn: () => dryRunWorkflow(d) });
  const failed = save.error ?? dry.error;
  const error = failed ? describeFormError(failed, 'The workflow could not be saved. Please try again.') : null;
  const fields = error?.fields ?? {};
  const t = d.trigger;
  const setCondition = (i: number, c: TWorkflowCondition) =>
    setD((x) => ({ ...x, conditions: x.conditions.map((old, j) => (j === i ? c : old)) }));
  return (
    <form
      aria-label={workflow ? `Edit ${workflow.name}` : 'New workflow'}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <FormAlert
          message={error?.message ?? (Object.keys(fields).length > 0 ? 'Check the highlighted fields.' : null)}
        />
        <TextInput
          label="Name"
          required
          value={d.name}
          onChange={(e) => setD({ ...d, name: e.currentTarget.value })}
          error={fields.name}
        />
        <Title order={3} size="h5">
          When
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Trigger"
            allowDeselect={false}
            data={WORKFLOW_TRIGGER_KINDS.map((k) => ({ value: k, label: WORKFLOW_TRIGGER_LABELS[k] }))}
            value={t.kind}
            onChange={(k) => k && setD({ ...d, trigger: triggerOf(k as TWorkflowTriggerKind, 'USD') })}
          />
          {t.kind === 'gift_above' ? (
            <Group grow align="flex-start">
              <NumberInput
                label="Amount"
                min={0}
                decimalScale={2}
                value={t.amount_minor / 100}
                onChange={(v) => setD({ ...d, trigger: { ...t, amount_minor: Math.round(Number(v) * 100) } })}
                error={fields['trigger.amount_minor']}
              />
              <Select
                label="Currency"
                allowDeselect={false}
                data={CURRENCIES}
                value={t.currency}
                onChange={(c) => c && setD({ ...d, trigger: { ...t, currency: c } })}
              />
            </Group>
          ) : null}
          {t.kind === 'form_submitted' ? (
            <Select
              label="Campaign form"
              description="Leave empty for any campaign’s form."
              clearable
              placeholder="Any campaign"
              data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={t.campaign_id ? String(t.campaign_id) : null}
              onChange={(v) => setD({ ...d, trigger: { ...t, campaign_id: v ? Number(v) : null } })}
              error={fields['trigger.campaign_id']}
            />
          ) : null}
          {t.kind === 'segment_added' ? (
            <Select
              label="Segment or list"
              required
              data={watchable}
              value={t.segment_id ? String(t.segment_id) : null}
              onChange={(v) => setD({ ...d, trigger: { ...t, segment_id: Number(v ?? 0) } })}
              error={fields['trigger.segment_id']}
            />
          ) : null}
          {t.kind === 'no_gift_for_days' ? (
            <NumberInput
              label="Days without a gift"
              min={1}
              max={3650}
              value={t.days}
              onChange={(v) => setD({ ...d, trigger: { ...t, days: Number(v) || 0 } })}
              error={fields['trigger.days']}
            />
          ) : null}
        </SimpleGrid>
        <Title order={3} size="h5">
          Only if
        </Title>
        {d.conditions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No conditions: every contact the trigger reaches.
          </Text>
        ) : null}
        {d.conditions.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own; their place is who they are.
          <Group key={`${c.kind}-${i}`} align="flex-end" wrap="wrap">
            <Select
              label={`Condition ${i + 1}`}
              allowDeselect={false}
              data={Object.entries(CONDITION_LABELS).map(([value, label]) => ({ value, label }))}
              value={c.kind}
              onChange={(k) => k && setCondition(i, conditionOf(k as TWorkflowCondition['kind']))}
            />
            {'tag' in c ? (
              <TextInput
                label="Tag"
                value={c.tag}
                onChange={(e) => setCondition(i, { ...c, tag: e.currentTarget.value })}
                error={fields[`conditions.${i}.tag`]}
              />
            ) : (
              <NumberInput
                label="Amount"
                min={0}
                decimalScale={2}
                value={c.amount_minor / 100}
                onChange={(v) => setCondition(i, { ...c, amount_minor: Math.round(Number(v) * 100) })}
                error={fields[`conditions.${i}.amount_minor`]}
              />
            )}
            <Button
              variant="subtle"
              color="red"
              onClick={() => setD({ ...d, conditions: d.conditions.filter((_, j) => j !== i) })}
              aria-label={`Remove condition ${i + 1}`}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<Plus size={14} aria-hidden />}
            onClick={() => setD({ ...d, conditions: [...d.conditions, conditionOf('has_tag')] })}
          >
            Add a condition
          </Button>
        </Group>
        <Title order={3} size="h5">
          Then
        </Title>
        {fields.steps ? (
          <Text c="red" size="sm" role="alert">
            {fields.steps}
          </Text>
        ) : null}
        {d.steps.map((s, i) => (
          <StepEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id of their own; their place is who they are.
            key={i}
            index={i}
            step={s}
            lists={lists}
            team={teamOptions}
            emailSources={sources}
            errors={fields}
            onChange={(step) => setD({ ...d, steps: d.steps.map((old, j) => (j === i ? step : old)) })}
            onRemove={d.steps.length > 1 ? () => setD({ ...d, steps: d.steps.filter((_, j) => j !== i) }) : null}
          />
        ))}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<Plus size={14} aria-hidden />}
            disabled={d.steps.length >= 10}
            onClick={() =>
              setD({ ...d, steps: [...d.steps, { delay_days: 1, delay_hours: 0, action: actionOf('create_task') }] })
            }
          >
            Add a step
          </Button>
        </Group>
        {dry.data && !dry.isPending ? <DryRunResult result={dry.data} /> : null}
        <Group justify="flex-end">
          <Button variant="default" loading={dry.isPending} onClick={() => dry.mutate()}>
            Dry run (last 30 days)
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save workflow
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
