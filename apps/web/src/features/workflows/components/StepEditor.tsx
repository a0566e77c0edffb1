import {
  MARKETING_MERGE_FIELDS,
  type TWorkflowAction,
  type TWorkflowActionKind,
  WORKFLOW_ACTION_KINDS,
  WORKFLOW_ACTION_LABELS,
} from '@kindling/contracts';
import { Button, Card, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { actionOf, type Draft } from './workflow-draft.ts';

type Step = Draft['steps'][number];
type Props = {
  index: number;
  step: Step;
  lists: Array<{ value: string; label: string }>;
  errors: Record<string, string>;
  onChange: (step: Step) => void;
  onRemove: (() => void) | null;
};

/** One step: its delay after the previous one, and its action's fields (docs/product/crm-workflow-automation.md#steps). */
export function StepEditor({ index, step, lists, errors, onChange, onRemove }: Props) {
  const at = (field: string) => errors[`steps.${index}.${field}`];
  const act = (patch: Partial<TWorkflowAction>) =>
    onChange({ ...step, action: { ...step.action, ...patch } as TWorkflowAction });
  const a = step.action;
  return (
    <Card withBorder component="fieldset" aria-label={`Step ${index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} component="legend">
            Step {index + 1}
          </Text>
          {onRemove ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove step ${index + 1}`}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={index === 0 ? 'Wait (days) after the trigger' : 'Wait (days) after the previous step'}
            min={0}
            max={365}
            value={step.delay_days}
            onChange={(v) => onChange({ ...step, delay_days: Number(v) || 0 })}
            error={at('delay_days')}
          />
          <NumberInput
            label="and hours"
            min={0}
            max={23}
            value={step.delay_hours}
            onChange={(v) => onChange({ ...step, delay_hours: Number(v) || 0 })}
            error={at('delay_hours')}
          />
        </Group>
        <Select
          label="Action"
          allowDeselect={false}
          data={WORKFLOW_ACTION_KINDS.map((k) => ({ value: k, label: WORKFLOW_ACTION_LABELS[k] }))}
          value={a.kind}
          onChange={(k) => k && onChange({ ...step, action: actionOf(k as TWorkflowActionKind) })}
        />
        {a.kind === 'send_email' ? (
          <>
            <TextInput
              label="Subject"
              required
              value={a.subject}
              onChange={(e) => act({ subject: e.currentTarget.value })}
              error={at('action.subject')}
            />
            <Textarea
              label="Message (HTML)"
              description={`Merge fields: ${MARKETING_MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}. Contacts who opted out of e-mail are skipped.`}
              required
              rows={6}
              value={a.html}
              onChange={(e) => act({ html: e.currentTarget.value })}
              error={at('action.html')}
            />
          </>
        ) : null}
        {a.kind === 'create_task' ? (
          <Group grow align="flex-start">
            <TextInput
              label="Task title"
              required
              value={a.title}
              onChange={(e) => act({ title: e.currentTarget.value })}
              error={at('action.title')}
            />
            <NumberInput
              label="Due in (days)"
              min={0}
              max={365}
              value={a.due_in_days}
              onChange={(v) => act({ due_in_days: Number(v) || 0 })}
            />
          </Group>
        ) : null}
        {a.kind === 'create_task' ? (
          <Text size="xs" c="dimmed">
            The task goes to the contact’s owner.
          </Text>
        ) : null}
        {a.kind === 'add_tag' || a.kind === 'remove_tag' ? (
          <TextInput
            label="Tag"
            required
            value={a.tag}
            onChange={(e) => act({ tag: e.currentTarget.value })}
            error={at('action.tag')}
          />
        ) : null}
        {a.kind === 'add_to_list' ? (
          <Select
            label="List"
            required
            data={lists}
            value={a.segment_id ? String(a.segment_id) : null}
            onChange={(v) => act({ segment_id: Number(v ?? 0) })}
            error={at('action.segment_id')}
          />
        ) : null}
        {a.kind === 'notify_staff' ? (
          <TextInput
            label="Message to staff"
            required
            value={a.message}
            onChange={(e) => act({ message: e.currentTarget.value })}
            error={at('action.message')}
          />
        ) : null}
        {a.kind === 'call_webhook' ? (
          <Text size="sm" c="dimmed">
            Sends the signed event “Workflow step reached” to the webhook endpoints that chose it (CRM › Integrations).
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
