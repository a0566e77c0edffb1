import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type TTask } from '@kindling/contracts';
import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { dealQueries, deleteTask, saveTask, taskKeys, taskQueries } from '../api/deals.queries.ts';
import { TaskForm } from '../components/TaskForm.tsx';
import { TaskDue } from './TasksPage.tsx';

const ENTRY = pageEntry('/dashboard/crm/tasks/:taskId') ?? {
  title: 'Task',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ textAlign: 'right', overflowWrap: 'anywhere' }}>{children}</div>
    </Group>
  );
}

function TaskDetails({ task }: { task: TTask }) {
  return (
    <Stack gap={6}>
      {task.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {task.description}
        </Text>
      ) : null}
      <Line label="Due">
        <TaskDue task={task} />
      </Line>
      <Line label="Assignee">
        <Text size="sm">{task.assignee?.name ?? '—'}</Text>
      </Line>
      <Line label="Priority">
        <Text size="sm">{TASK_PRIORITY_LABELS[task.priority]}</Text>
      </Line>
      <Line label="Status">
        <Text size="sm">{TASK_STATUS_LABELS[task.status]}</Text>
      </Line>
      <Line label="Contact">
        {task.contact ? (
          <Anchor component={Link} to={`/dashboard/crm/contacts?contact=${task.contact.id}`} size="sm">
            {task.contact.name}
          </Anchor>
        ) : (
          <Text size="sm">—</Text>
        )}
      </Line>
      {task.deal ? (
        <Line label="Deal">
          <Anchor component={Link} to={`/dashboard/crm/deals?deal=${task.deal.id}`} size="sm">
            {task.deal.name}
          </Anchor>
        </Line>
      ) : null}
      {task.donation_id ? (
        <Line label="Gift">
          <Anchor component={Link} to={`/dashboard/donation/${task.donation_id}`} size="sm">
            Gift #{task.donation_id}
          </Anchor>
        </Line>
      ) : null}
    </Stack>
  );
}

/** /dashboard/crm/tasks/{taskId}: one task, marked done, edited or deleted here. */
export function TaskPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const id = Number(useParams().taskId ?? 0);
  const client = useQueryClient();
  const navigate = useNavigate();
  const record = useQuery(taskQueries.record(npoId, id));
  const options = useQuery(dealQueries.options(npoId));
  const [editing, setEditing] = useState(false);
  const task = record.data;
  const refresh = (saved: TTask) => {
    client.setQueryData(taskKeys.record(npoId, id), saved);
    void client.invalidateQueries({ queryKey: taskKeys.all });
  };
  const complete = useMutation({
    mutationFn: (t: TTask) =>
      saveTask(t.id, {
        title: t.title,
        description: t.description,
        due_on: t.due_on,
        assignee_user_id: t.assignee?.id,
        contact_id: t.contact?.id ?? null,
        deal_id: t.deal?.id ?? null,
        donation_id: t.donation_id,
        priority: t.priority,
        status: t.status === 'done' ? 'open' : 'done',
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => deleteTask(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: taskKeys.all });
      navigate('/dashboard/crm/tasks');
    },
  });
  return (
    <PageFrame entry={ENTRY} heading={task?.title ?? ENTRY.title}>
      <Anchor component={Link} to="/dashboard/crm/tasks" size="sm">
        All tasks
      </Anchor>
      {!task ? (
        record.isError ? (
          <Text size="sm">This task could not be found.</Text>
        ) : (
          <Loader size="sm" role="status" aria-label="Loading" />
        )
      ) : (
        <Paper withBorder p="md" radius="md" maw={640}>
          {editing ? (
            <TaskForm
              npoId={npoId}
              userId={session.userId ?? null}
              team={options.data?.team ?? []}
              task={task}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                refresh(saved);
                setEditing(false);
              }}
            />
          ) : (
            <Stack gap="md">
              <TaskDetails task={task} />
              <Group gap="xs">
                <Button size="xs" onClick={() => complete.mutate(task)} loading={complete.isPending}>
                  {task.status === 'done' ? 'Reopen' : 'Mark done'}
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                  Edit task
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove.mutate()}
                  loading={remove.isPending}
                >
                  Delete task
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
      )}
    </PageFrame>
  );
}
