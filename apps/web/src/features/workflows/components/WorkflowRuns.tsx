import { type TWorkflowRun, WORKFLOW_ACTION_LABELS } from '@kindling/contracts';
import { Anchor, Badge, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { useFormat } from '../../../shared/format.ts';
import { LoadError } from '../../../shared/LoadError.tsx';
import readable from '../../../shared/readable.module.css';
import { workflowQueries } from '../api/workflows.queries.ts';

const STATUS: Record<TWorkflowRun['status'], { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  skipped: { label: 'Skipped', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  interrupted: { label: 'Interrupted', color: 'orange' },
};

/** A workflow's runs: one row per contact and step, newest first (docs/product/crm-workflow-automation.md#history). */
export function WorkflowRuns({ workflowId }: { workflowId: number }) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const format = useFormat();
  const runs = useQuery(workflowQueries.runs(npoId, workflowId));
  if (runs.isPending) return <Skeleton h={120} aria-label="Loading runs" />;
  if (runs.isError)
    return (
      <LoadError
        title="Runs could not be loaded"
        message="Please try again."
        retrying={runs.isFetching}
        onRetry={() => runs.refetch()}
      />
    );
  if (runs.data.runs.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No runs yet: they appear when the trigger reaches a contact.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="xs" aria-label="Runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Step</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.data.runs.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/donor/${r.contact_id}`}>
                  {r.contact_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {r.step_index + 1}. {WORKFLOW_ACTION_LABELS[r.action]}
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={STATUS[r.status].color}
                  className={readable.readable}
                  // A narrow column must not cut the status to "DO…": the badge keeps its whole word.
                  style={{ minWidth: 'max-content' }}
                >
                  {STATUS[r.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{format.dateTime(r.finished_at ?? r.due_at)}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.outcome || '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
