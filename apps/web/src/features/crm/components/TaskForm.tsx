import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TTask,
  type TTaskPriority,
  type TTaskStatus,
} from '@kindling/contracts';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { createTask, saveTask } from '../api/deals.queries.ts';
import { ContactPicker } from './ContactPicker.tsx';

/** What a new task starts with: from a contact, a deal or a gift ("thank by phone"). */
export type TaskPrefill = {
  title?: string;
  contact?: { id: number; name: string } | null;
  dealId?: number | null;
  donationId?: number | null;
};

type Named = { id: number; name: string };

/** A new task, or changes to one. The assignee is the author unless another member is chosen. */
export function TaskForm({
  npoId,
  userId,
  team,
  task,
  prefill,
  onSaved,
  onCancel,
}: {
  npoId: number | null;
  userId: number | null;
  team: Named[];
  task: TTask | null;
  prefill?: TaskPrefill;
  onSaved: (task: TTask) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(task?.title ?? prefill?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [dueOn, setDueOn] = useState(task?.due_on ?? '');
  const [assignee, setAssignee] = useState<string | null>(
    task?.assignee ? String(task.assignee.id) : userId ? String(userId) : null,
  );
  const [contactId, setContactId] = useState<number | null>(task?.contact?.id ?? prefill?.contact?.id ?? null);
  const [priority, setPriority] = useState<TTaskPriority>(task?.priority ?? 'normal');
  const [status, setStatus] = useState<TTaskStatus>(task?.status ?? 'open');
  const dealId = task ? (task.deal?.id ?? null) : (prefill?.dealId ?? null);
  const donationId = task ? task.donation_id : (prefill?.donationId ?? null);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title,
        description,
        due_on: dueOn || null,
        assignee_user_id: assignee ? Number(assignee) : undefined,
        contact_id: contactId,
        deal_id: dealId,
        donation_id: donationId,
        priority,
        status,
      };
      return task ? saveTask(task.id, body) : createTask(body);
    },
    onSuccess: onSaved,
  });
  const error = save.error ? describeFormError(save.error, 'The task could not be saved.') : null;
  const linked = [
    dealId ? (task?.deal ? `Deal: ${task.deal.name}` : 'Linked to a deal') : null,
    donationId ? `Gift #${donationId}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <form
      aria-label={task ? 'Edit task' : 'New task'}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error?.fields.title}
        />
        <Textarea
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={error?.fields.description}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Due date"
            type="date"
            value={dueOn}
            onChange={(e) => setDueOn(e.currentTarget.value)}
            error={error?.fields.due_on}
          />
          <Select
            label="Assignee"
            data={team.map((m) => ({ value: String(m.id), label: m.name }))}
            value={assignee}
            allowDeselect={false}
            onChange={setAssignee}
            error={error?.fields.assignee_user_id}
          />
          <Select
            label="Priority"
            data={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
            value={priority}
            allowDeselect={false}
            onChange={(v) => setPriority((v as TTaskPriority) ?? 'normal')}
            error={error?.fields.priority}
          />
          <Select
            label="Status"
            data={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
            value={status}
            allowDeselect={false}
            onChange={(v) => setStatus((v as TTaskStatus) ?? 'open')}
            error={error?.fields.status}
          />
        </SimpleGrid>
        <ContactPicker
          npoId={npoId}
          value={contactId}
          initial={task?.contact ?? prefill?.contact ?? null}
          onChange={setContactId}
          error={error?.fields.contact_id}
        />
        {linked ? (
          <Text size="sm" c="dimmed">
            {linked}
          </Text>
        ) : null}
        {error?.fields.deal_id || error?.fields.donation_id ? (
          <Text size="sm" c="red">
            {error.fields.deal_id ?? error.fields.donation_id}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {task ? 'Save task' : 'Add task'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
