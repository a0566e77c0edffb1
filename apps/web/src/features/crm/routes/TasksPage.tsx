import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type TTask } from '@kindling/contracts';
import { Anchor, Badge, Button, Group, Loader, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KanbanSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { contactQueries } from '../api/contacts.queries.ts';
import { dealQueries, taskKeys, taskQueries } from '../api/deals.queries.ts';
import { TaskForm } from '../components/TaskForm.tsx';

const ENTRY = pageEntry('/dashboard/crm/tasks') ?? { title: 'Tasks', section: 'CRM', description: '', emptyTitle: '' };
const VIEWS = [
  { value: 'my', label: 'My tasks' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'all', label: 'All open' },
];

export function TaskDue({ task }: { task: TTask }) {
  const format = useFormat();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{format.day(task.due_on)}</Text>
      {task.overdue ? (
        <Badge color="red" variant="light" size="sm">
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}

function TasksTable({ tasks }: { tasks: TTask[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Task</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col">Contact</Table.Th>
            <Table.Th scope="col">Assignee</Table.Th>
            <Table.Th scope="col">Priority</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/crm/tasks/${t.id}`} size="sm" fw={600}>
                  {t.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <TaskDue task={t} />
              </Table.Td>
              <Table.Td>
                {t.contact ? (
                  <Anchor component={Link} to={`/dashboard/crm/contacts?contact=${t.contact.id}`} size="sm">
                    {t.contact.name}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{t.assignee?.name ?? '—'}</Table.Td>
              <Table.Td>{TASK_PRIORITY_LABELS[t.priority]}</Table.Td>
              <Table.Td>{TASK_STATUS_LABELS[t.status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Reads the prefill of a task started elsewhere: ?contact=, ?deal=, ?donation= and ?title=. */
function usePrefill(params: URLSearchParams, npoId: number | null) {
  const contactId = Number(params.get('contact') ?? 0);
  const contact = useQuery(contactQueries.record(npoId, contactId));
  return {
    contactId: contactId > 0 ? contactId : null,
    contactName: contact.data?.name ?? null,
    ready: contactId === 0 || contact.isSuccess || contact.isError,
    dealId: Number(params.get('deal') ?? 0) || null,
    donationId: Number(params.get('donation') ?? 0) || null,
    title: params.get('title') ?? '',
  };
}

/** /dashboard/crm/tasks: my tasks, the overdue ones, everyone's, or one contact's (?contact=). */
export function TasksPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const prefill = usePrefill(params, npoId);
  const view = params.get('view') ?? (prefill.contactId ? 'all' : 'my');
  const [adding, setAdding] = useState(
    params.get('new') === '1' || prefill.contactId !== null || prefill.dealId !== null || prefill.donationId !== null,
  );
  const query: Record<string, string | number> = { view };
  if (prefill.contactId) query.contact_id = prefill.contactId;
  const list = useQuery(taskQueries.list(npoId, query));
  const options = useQuery(dealQueries.options(npoId));
  const tasks = list.data?.tasks ?? [];
  const close = () => {
    setAdding(false);
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const key of ['new', 'deal', 'donation', 'title']) next.delete(key);
      return next;
    });
  };
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to="/dashboard/crm/deals"
            variant="default"
            leftSection={<KanbanSquare size={14} aria-hidden />}
          >
            Deals
          </Button>
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            New task
          </Button>
        </Group>
      }
    >
      <Stack gap="sm">
        <SegmentedControl
          w="fit-content"
          aria-label="Tasks to show"
          value={view}
          data={VIEWS}
          onChange={(v) =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.set('view', v);
              return next;
            })
          }
        />
        {prefill.contactId ? (
          <Group gap="xs">
            <Text size="sm">Tasks for {prefill.contactName ?? 'this contact'}</Text>
            <Anchor component={Link} to="/dashboard/crm/tasks" size="sm">
              Show every contact
            </Anchor>
          </Group>
        ) : null}
        {list.data ? (
          tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {view === 'overdue' ? 'Nothing overdue.' : 'No open tasks here. Add one with New task.'}
            </Text>
          ) : (
            <TasksTable tasks={tasks} />
          )
        ) : (
          <Loader size="sm" role="status" aria-label="Loading" />
        )}
      </Stack>
      <Modal
        opened={adding && prefill.ready}
        onClose={close}
        title="New task"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {adding && prefill.ready ? (
          <TaskForm
            npoId={npoId}
            userId={session.userId ?? null}
            team={options.data?.team ?? []}
            task={null}
            prefill={{
              title: prefill.title,
              contact:
                prefill.contactId && prefill.contactName ? { id: prefill.contactId, name: prefill.contactName } : null,
              dealId: prefill.dealId,
              donationId: prefill.donationId,
            }}
            onCancel={close}
            onSaved={(task) => {
              void client.invalidateQueries({ queryKey: taskKeys.all });
              setAdding(false);
              navigate(`/dashboard/crm/tasks/${task.id}`);
            }}
          />
        ) : null}
      </Modal>
    </PageFrame>
  );
}
