import {
  MARKETING_MERGE_FIELDS,
  type TWorkflowAction,
  type TWorkflowActionKind,
  WORKFLOW_ACTION_KINDS,
  WORKFLOW_ACTION_LABELS,
} from '@kindling/contracts';
import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { MergeFieldBar, RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { actionOf, type Draft, type EmailSource } from './workflow-draft.ts';

type Step = Draft['steps'][number];
type EmailAction = Extract<TWorkflowAction, { kind: 'send_email' }>;
type Option = { value: string; label: string };
/** Assignee "none": the contact's owner when the task is made (the API's null assignee). */
const CONTACT_OWNER = 'owner';

/** Groups the e-mail sources for the picker, keeping each group's order. */
function sourceGroups(sources: EmailSource[]) {
  const groups = [...new Set(sources.map((s) => s.group))];
  return groups.map((group) => ({
    group,
    items: sources.filter((s) => s.group === group).map((s) => ({ value: s.value, label: s.label })),
  }));
}

/**
 * An e-mail step: subject, and the body in the rich-text editor with the merge fields campaign
 * e-mails use; the server sanitises it as it does theirs (docs/product/crm-workflow-automation.md#steps).
 */
function EmailStepFields(props: {
  index: number;
  action: EmailAction;
  sources: EmailSource[];
  onChange: (patch: Partial<EmailAction>) => void;
  subjectError: string | undefined;
  bodyError: string | undefined;
}) {
  const { action, onChange } = props;
  const editor = useRichTextEditor({
    html: action.html,
    editable: true,
    label: `Step ${props.index + 1} message`,
    // An emptied editor holds one empty paragraph: that is no body, as the server's check says.
    onChange: (html) => onChange({ html: html === '<p></p>' ? '' : html }),
    onReady: () => undefined,
  });
  // Steps are keyed by place: when one above is removed, this editor shows the next step's body.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== action.html) editor.commands.setContent(action.html, { emitUpdate: false });
  }, [editor, action.html]);
  return (
    <>
      <Select
        label="Start from a template"
        description="Copies its subject and message into this step for you to edit."
        placeholder="Choose a template"
        data={sourceGroups(props.sources)}
        value={null}
        onChange={(v) => {
          const source = props.sources.find((s) => s.value === v);
          if (source) onChange({ subject: source.subject, html: source.html });
        }}
      />
      <TextInput
        label="Subject"
        required
        value={action.subject}
        onChange={(e) => onChange({ subject: e.currentTarget.value })}
        error={props.subjectError}
      />
      <Text size="sm" fw={500}>
        Message
      </Text>
      <MergeFieldBar editor={editor} fields={MARKETING_MERGE_FIELDS} />
      <RichTextBox editor={editor} />
      <Text size="xs" c="dimmed">
        An unsubscribe link is added at the foot. Contacts who opted out of e-mail are skipped.
      </Text>
      {props.bodyError ? (
        <Text c="red" size="sm" role="alert">
          {props.bodyError}
        </Text>
      ) : null}
    </>
  );
}
type Props = {
  index: number;
  step: Step;
  lists: Option[];
  /** The staff a task may go to. */
  team: Option[];
  emailSources: EmailSource[];
  errors: Record<string, string>;
  onChange: (step: Step) => void;
  onRemove: (() => void) | null;
};

/** One step: its delay after the previous one, and its action's fields (docs/product/crm-workflow-automation.md#steps). */
export function StepEditor({ index, step, lists, team, emailSources, errors, onChange, onRemove }: Props) {
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
          <EmailStepFields
            index={index}
            action={a}
            sources={emailSources}
            onChange={act}
            subjectError={at('action.subject')}
            bodyError={at('action.html')}
          />
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
          <Select
            label="Task owner"
            description="The contact’s owner is read when the task is made; the task is unassigned if they have none."
            allowDeselect={false}
            data={[{ value: CONTACT_OWNER, label: 'The contact’s owner' }, ...team]}
            value={a.assignee_user_id ? String(a.assignee_user_id) : CONTACT_OWNER}
            onChange={(v) => act({ assignee_user_id: v && v !== CONTACT_OWNER ? Number(v) : null })}
            error={at('action.assignee_user_id')}
          />
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
