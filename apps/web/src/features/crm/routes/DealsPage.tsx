import type { TDealBoard } from '@kindling/contracts';
import { Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListTodo, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../session/index.ts';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { PageFrame } from '../../../shared/PageFrame.tsx';
import { pageEntry } from '../../../shared/page-catalog.ts';
import { dealKeys, dealQueries, moveDeal } from '../api/deals.queries.ts';
import { DealDrawer } from '../components/DealDrawer.tsx';
import { DealForm } from '../components/DealForm.tsx';
import { type DealDrop, DealsKanban, movedBoard } from '../components/DealsKanban.tsx';
import { DealsTable } from '../components/DealsTable.tsx';
import { PipelineFigures } from '../components/PipelineFigures.tsx';

const ENTRY = pageEntry('/dashboard/crm/deals') ?? { title: 'Deals', section: 'CRM', description: '', emptyTitle: '' };

/** /dashboard/crm/deals: the major-gift pipeline as a kanban or a table, with its weighted figures. */
export function DealsPage() {
  const session = useSession();
  const npoId = session.selectedNpo?.id ?? null;
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'board';
  const openId = Number(params.get('deal') ?? 0) || null;
  const [adding, setAdding] = useState(false);
  const options = useQuery(dealQueries.options(npoId));
  const board = useQuery({ ...dealQueries.board(npoId), enabled: npoId !== null && view === 'board' });
  const list = useQuery({ ...dealQueries.list(npoId), enabled: npoId !== null && view === 'table' });
  const pipeline = useQuery(dealQueries.pipeline(npoId));
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'view' },
    );
  const move = useMutation({
    mutationFn: (drop: DealDrop) => moveDeal(drop.dealId, { stage: drop.stage, before_id: drop.beforeId }),
    onMutate: async (drop) => {
      await client.cancelQueries({ queryKey: dealKeys.board(npoId) });
      const before = client.getQueryData<TDealBoard>(dealKeys.board(npoId));
      if (before) client.setQueryData(dealKeys.board(npoId), movedBoard(before, drop));
      return { before };
    },
    onError: (_error, _drop, context) => {
      if (context?.before) client.setQueryData(dealKeys.board(npoId), context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: dealKeys.all }),
  });
  const moveError = move.error ? describeFormError(move.error, 'The deal could not be moved.') : null;
  return (
    <PageFrame
      entry={ENTRY}
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to="/dashboard/crm/tasks"
            variant="default"
            leftSection={<ListTodo size={14} aria-hidden />}
          >
            Tasks
          </Button>
          <Button leftSection={<Plus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            New deal
          </Button>
        </Group>
      }
    >
      {pipeline.data ? <PipelineFigures figures={pipeline.data} /> : null}
      <Stack gap="sm">
        <SegmentedControl
          w="fit-content"
          aria-label="View"
          value={view}
          onChange={(v) => setParam('view', v === 'table' ? 'table' : null)}
          data={[
            { value: 'board', label: 'Board' },
            { value: 'table', label: 'Table' },
          ]}
        />
        <FormAlert message={moveError?.message ?? moveError?.fields.stage ?? null} />
        {view === 'board' ? (
          board.data ? (
            <DealsKanban
              board={board.data}
              onMove={(drop) => move.mutate(drop)}
              onOpen={(id) => setParam('deal', String(id))}
            />
          ) : board.isError ? (
            <Text size="sm">The pipeline could not be loaded. Please try again.</Text>
          ) : (
            <Loader size="sm" role="status" aria-label="Loading" />
          )
        ) : list.data ? (
          <DealsTable
            deals={list.data.deals}
            stages={options.data?.stages ?? []}
            onOpen={(id) => setParam('deal', String(id))}
          />
        ) : (
          <Loader size="sm" role="status" aria-label="Loading" />
        )}
      </Stack>
      {adding ? (
        <DealForm
          opened
          npoId={npoId}
          options={options.data}
          deal={null}
          onClose={() => setAdding(false)}
          onSaved={(deal) => {
            setAdding(false);
            void client.invalidateQueries({ queryKey: dealKeys.all });
            setParam('deal', String(deal.id));
          }}
        />
      ) : null}
      <DealDrawer npoId={npoId} dealId={openId} options={options.data} onClose={() => setParam('deal', null)} />
    </PageFrame>
  );
}
