import {
  type TWorkflow,
  type TWorkflowRecipe,
  WORKFLOW_ACTION_LABELS,
  WORKFLOW_TRIGGER_LABELS,
} from '@kindling/contracts';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import readable from '../../../shared/readable.module.css';
import { toast } from '../../../shared/toast.ts';
import { fromRecipe, setWorkflowStatus, workflowKeys, workflowQueries } from '../api/workflows.queries.ts';
import { WorkflowEditor } from '../components/WorkflowEditor.tsx';
import { WorkflowRuns } from '../components/WorkflowRuns.tsx';

const ENTRY = pageEntry('/dashboard/crm/workflow-automation') ?? {
  title: 'Workflow automation',
  section: 'CRM',
  description: '',
  emptyTitle: '',
};

const RECIPES: Array<{ recipe: TWorkflowRecipe; title: string; text: string }> = [
  {
    recipe: 'welcome_series',
    title: 'Welcome series',
    text: 'E-mails a first-time donor at once and a week later, and tags them.',
  },
  {
    recipe: 'thank_you_call',
    title: 'Thank-you call',
    text: 'A call task for the contact’s owner after a large gift, and a notice to staff.',
  },
  {
    recipe: 'lapsed_win_back',
    title: 'Lapsed-donor win-back',
    text: 'A year after the last gift: an e-mail, a tag, then a call task.',
  },
];

function triggerText(w: TWorkflow, money: (minor: number, currency: string) => string) {
  const t = w.trigger;
  if (t.kind === 'gift_above') return `Gift of at least ${money(t.amount_minor, t.currency)}`;
  if (t.kind === 'no_gift_for_days') return `No gift for ${t.days} days`;
  return WORKFLOW_TRIGGER_LABELS[t.kind];
}

function WorkflowList({ workflows, open }: { workflows: TWorkflow[]; open: (id: number, edit?: boolean) => void }) {
  const format = useFormat();
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (w: TWorkflow) => setWorkflowStatus(w.id, w.status === 'active' ? 'paused' : 'active'),
    onSuccess: async (w) => {
      await client.invalidateQueries({ queryKey: workflowKeys.all });
      toast('green', w.status === 'paused' ? `“${w.name}” is paused.` : `“${w.name}” is running again.`);
    },
    onError: () => toast('red', 'The workflow could not be changed. Please try again.'),
  });
  if (workflows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No workflows yet. Start from a recipe above or with New workflow.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" aria-label="Workflows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Workflow</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Runs</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflows.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => open(w.id)} fw={500}>
                  {w.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {triggerText(w, format.money)} →{' '}
                  {w.steps.map((s) => WORKFLOW_ACTION_LABELS[s.action.kind]).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={w.status === 'active' ? 'green' : 'gray'}
                  className={readable.readable}
                  style={{ minWidth: 'max-content' }}
                >
                  {w.status === 'active' ? 'Active' : 'Paused'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {format.count(w.contacts)} {w.contacts === 1 ? 'contact' : 'contacts'} · {format.count(w.runs.done)}{' '}
                done · {format.count(w.runs.scheduled)} waiting
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={w.status === 'active' ? <Pause size={12} aria-hidden /> : <Play size={12} aria-hidden />}
                  loading={toggle.isPending && toggle.variables?.id === w.id}
                  onClick={() => toggle.mutate(w)}
                  aria-label={`${w.status === 'active' ? 'Pause' : 'Resume'} ${w.name}`}
                >
                  {w.status === 'active' ? 'Pause' : 'Resume'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Recipes({ onCreated }: { onCreated: (id: number) => void }) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: fromRecipe,
    onSuccess: async (w) => {
      await client.invalidateQueries({ queryKey: workflowKeys.all });
      toast('green', `“${w.name}” created and active.`);
      onCreated(w.id);
    },
    onError: () => toast('red', 'The recipe could not be used. Please try again.'),
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Ready-made recipes
      </Title>
      <Group grow align="stretch" wrap="wrap">
        {RECIPES.map((r) => (
          <Card key={r.recipe} withBorder miw={220}>
            <Stack gap={6} h="100%" justify="space-between">
              <div>
                <Text fw={600}>{r.title}</Text>
                <Text size="sm" c="dimmed">
                  {r.text}
                </Text>
              </div>
              <Button
                size="compact-sm"
                variant="light"
                loading={create.isPending && create.variables === r.recipe}
                onClick={() => create.mutate(r.recipe)}
                aria-label={`Use the recipe ${r.title}`}
              >
                Use this recipe
              </Button>
            </Stack>
          </Card>
        ))}
      </Group>
    </Stack>
  );
}

/** /dashboard/crm/workflow-automation: the organisation's workflows, one opened for editing or its run history. */
export function WorkflowsPage() {
  const npoId = useSession().selectedNpo?.id ?? null;
  const [params, setParams] = useSearchParams();
  const list = useQuery(workflowQueries.list(npoId));
  const workflows = list.data?.workflows ?? [];
  const selected = workflows.find((w) => w.id === Number(params.get('workflow') ?? 0)) ?? null;
  const isNew = params.get('new') === '1';
  const editing = isNew || (params.get('edit') === '1' && selected !== null);
  const open = (id: number, edit = false) =>
    setParams(edit ? { workflow: String(id), edit: '1' } : { workflow: String(id) });
  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton h={240} aria-label="Loading workflows" />;
  else if (list.isError)
    body = (
      <LoadError
        title="Workflows could not be loaded"
        message="Please try again."
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  else if (editing)
    body = (
      <Card withBorder>
        <WorkflowEditor key={selected?.id ?? 'new'} workflow={isNew ? null : selected} onSaved={(id) => open(id)} />
      </Card>
    );
  else
    body = (
      <Stack gap="lg">
        {selected ? (
          <Card withBorder>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4">
                  {selected.name}
                </Title>
                <Group gap="xs">
                  <Button variant="default" onClick={() => open(selected.id, true)}>
                    Edit workflow
                  </Button>
                  <Button variant="subtle" onClick={() => setParams({})}>
                    Close
                  </Button>
                </Group>
              </Group>
              <Title order={3} size="h5">
                Run history
              </Title>
              <WorkflowRuns workflowId={selected.id} />
            </Stack>
          </Card>
        ) : (
          <Recipes onCreated={(id) => open(id)} />
        )}
        <WorkflowList workflows={workflows} open={open} />
      </Stack>
    );
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        editing ? null : (
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setParams({ new: '1' })}>
            New workflow
          </Button>
        )
      }
    >
      {body}
    </PageFrame>
  );
}
