import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TDeal, TDealBoard } from '@kindling/contracts';
import { ActionIcon, Badge, Card, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { GripVertical } from 'lucide-react';
import { useRef } from 'react';
import { useFormat } from '../../../shared/format.ts';

export type DealDrop = { dealId: number; stage: string; beforeId: number | null };

const COLUMN = 'column:';
const columnId = (stage: string) => `${COLUMN}${stage}`;

/** Where a drop over `overId` puts the deal: a card's place (before it) or a column's end. */
export function dropOf(board: TDealBoard, dealId: number, overId: string | number): DealDrop | null {
  if (typeof overId === 'string' && overId.startsWith(COLUMN)) {
    return { dealId, stage: overId.slice(COLUMN.length), beforeId: null };
  }
  const column = board.columns.find((c) => c.deals.some((d) => d.id === overId));
  if (!column) return null;
  const from = board.columns.find((c) => c.deals.some((d) => d.id === dealId));
  const ids = column.deals.map((d) => d.id);
  // Within its own column, a deal dropped on a later card goes after that card (as the eye expects).
  if (from?.key === column.key && ids.indexOf(dealId) < ids.indexOf(Number(overId))) {
    const next = ids[ids.indexOf(Number(overId)) + 1];
    return { dealId, stage: column.key, beforeId: next ?? null };
  }
  return { dealId, stage: column.key, beforeId: Number(overId) === dealId ? null : Number(overId) };
}

/** The board with one deal moved, for the optimistic update. */
export function movedBoard(board: TDealBoard, drop: DealDrop): TDealBoard {
  const deal = board.columns.flatMap((c) => c.deals).find((d) => d.id === drop.dealId);
  if (!deal) return board;
  const target = board.columns.find((c) => c.key === drop.stage);
  const moved = {
    ...deal,
    stage: drop.stage,
    probability: deal.stage === drop.stage ? deal.probability : (target?.probability ?? 0),
  };
  return {
    ...board,
    columns: board.columns.map((c) => {
      const deals = c.deals.filter((d) => d.id !== drop.dealId);
      if (c.key !== drop.stage) return { ...c, deals, count: c.count - (deals.length < c.deals.length ? 1 : 0) };
      const at =
        drop.beforeId === null
          ? deals.length
          : Math.max(
              0,
              deals.findIndex((d) => d.id === drop.beforeId),
            );
      deals.splice(at === -1 ? deals.length : at, 0, moved);
      return { ...c, deals, count: c.count + (deal.stage === c.key ? 0 : 1) };
    }),
  };
}

/**
 * Keyboard moves (docs/product/crm.md#deals): Space or Enter picks a deal up, left and right
 * arrows choose the stage, up and down the place in it, Space or Enter drops, Escape cancels. The
 * target is kept here rather than measured, so it does not depend on layout.
 */
function useKeyboardTarget(board: TDealBoard) {
  const target = useRef<{ column: number; index: number } | null>(null);
  const coordinateGetter: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
    const t = target.current;
    if (!t) return undefined;
    const steps: Record<string, [number, number]> = {
      ArrowRight: [1, 0],
      ArrowLeft: [-1, 0],
      ArrowDown: [0, 1],
      ArrowUp: [0, -1],
    };
    const step = steps[event.code];
    if (!step) return undefined;
    event.preventDefault();
    const column = Math.min(board.columns.length - 1, Math.max(0, t.column + step[0]));
    const size = board.columns[column]?.deals.length ?? 0;
    const index = step[0] !== 0 ? Math.min(t.index, size) : Math.min(size, Math.max(0, t.index + step[1]));
    target.current = { column, index };
    return { x: currentCoordinates.x + step[0] * 8 + 1, y: currentCoordinates.y + step[1] * 8 + 1 };
  };
  const detect: CollisionDetection = (args) => {
    const t = target.current;
    if (!t) return closestCorners(args);
    const column = board.columns[t.column];
    if (!column) return [];
    const card = column.deals.filter((d) => d.id !== args.active.id)[t.index];
    return [{ id: card ? card.id : columnId(column.key) }];
  };
  const start = (event: DragStartEvent) => {
    if (!(event.activatorEvent instanceof KeyboardEvent)) return;
    const column = board.columns.findIndex((c) => c.deals.some((d) => d.id === event.active.id));
    const index = board.columns[column]?.deals.findIndex((d) => d.id === event.active.id) ?? 0;
    target.current = { column, index };
  };
  /** A keyboard drop: before the card at the chosen place among the column's others, or last. */
  const drop = (dealId: number): DealDrop | null => {
    const t = target.current;
    const column = t ? board.columns[t.column] : undefined;
    if (!t || !column) return null;
    const others = column.deals.filter((d) => d.id !== dealId);
    return { dealId, stage: column.key, beforeId: others[t.index]?.id ?? null };
  };
  const end = () => {
    target.current = null;
  };
  return { coordinateGetter, detect, start, drop, end };
}

/** Whether a drop over `overId` would leave the deal where it is. */
function isOwnPlace(board: TDealBoard, dealId: number, overId: string | number): boolean {
  const from = board.columns.find((c) => c.deals.some((d) => d.id === dealId));
  if (!from) return false;
  if (overId === dealId) return true;
  const ids = from.deals.map((d) => d.id);
  const next = ids[ids.indexOf(dealId) + 1];
  return overId === columnId(from.key) ? next === undefined : overId === next;
}

function announcementsOf(board: TDealBoard): Announcements {
  const deal = (id: string | number) => board.columns.flatMap((c) => c.deals).find((d) => d.id === id);
  const place = (overId: string | number | undefined) => {
    if (overId === undefined) return 'no stage';
    const drop = dropOf(board, Number.NaN, overId);
    const column = board.columns.find((c) => c.key === drop?.stage);
    if (!column) return 'no stage';
    const before = drop?.beforeId ? deal(drop.beforeId) : undefined;
    return before ? `${column.label}, before ${before.title}` : `${column.label}, at the end`;
  };
  return {
    onDragStart: ({ active }) =>
      `Picked up ${deal(active.id)?.title ?? 'the deal'}. Use the left and right arrows to choose a stage, up and down to choose its place, Space to drop it, Escape to cancel.`,
    // Over its own place (as a keyboard move starts) says nothing, so the pick-up is heard.
    onDragOver: ({ active, over }) =>
      over && isOwnPlace(board, Number(active.id), over.id)
        ? undefined
        : `${deal(active.id)?.title ?? 'The deal'} is over ${place(over?.id)}.`,
    onDragEnd: ({ active, over }) => `${deal(active.id)?.title ?? 'The deal'} was moved to ${place(over?.id)}.`,
    onDragCancel: ({ active }) => `Move cancelled. ${deal(active.id)?.title ?? 'The deal'} stays where it was.`,
  };
}

const INSTRUCTIONS =
  'To move a deal, focus its handle and press Space or Enter. Use the left and right arrows to choose a stage, up and down to choose its place, then Space or Enter to drop it, or Escape to cancel.';

function DealCard({ deal, onOpen }: { deal: TDeal; onOpen: (id: number) => void }) {
  const format = useFormat();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: deal.id,
  });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      radius="md"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid={`deal-${deal.id}`}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Move ${deal.title}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={14} aria-hidden />
        </ActionIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <UnstyledButton onClick={() => onOpen(deal.id)} style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm" fw={600}>
              {deal.title}
            </Text>
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {deal.contact.name}
          </Text>
          <Group gap={6} justify="space-between">
            <Text size="sm">{format.money(deal.amount_minor, deal.currency)}</Text>
            <Badge size="xs" variant="light">
              {deal.probability}%
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {[deal.expected_on ? format.day(deal.expected_on) : null, deal.owner?.name].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function Column({
  column,
  currency,
  onOpen,
}: {
  column: TDealBoard['columns'][number];
  currency: string;
  onOpen: (id: number) => void;
}) {
  const format = useFormat();
  const { setNodeRef, isOver } = useDroppable({ id: columnId(column.key) });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      w={250}
      miw={250}
      bg={isOver ? 'var(--mantine-color-default-hover)' : undefined}
      component="section"
      aria-label={`${column.label}: ${column.count} ${column.count === 1 ? 'deal' : 'deals'}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap={4}>
          <Text fw={600} size="sm" component="h3">
            {column.label}
          </Text>
          <Text size="xs" c="dimmed">
            {column.count} · {format.money(column.total_minor, currency)}
          </Text>
        </Group>
        <SortableContext items={column.deals.map((d) => d.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" mih={60}>
            {column.deals.map((d) => (
              <DealCard key={d.id} deal={d} onOpen={onOpen} />
            ))}
          </Stack>
        </SortableContext>
        {column.count > column.deals.length ? (
          <Text size="xs" c="dimmed">
            {column.count - column.deals.length} more in the table view
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The pipeline as a kanban by stage; deals move by drag and drop or by keyboard. */
export function DealsKanban({
  board,
  onMove,
  onOpen,
}: {
  board: TDealBoard;
  onMove: (drop: DealDrop) => void;
  onOpen: (id: number) => void;
}) {
  const keyboard = useKeyboardTarget(board);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboard.coordinateGetter }),
  );
  const end = (event: DragEndEvent) => {
    const byKeyboard = keyboard.drop(Number(event.active.id));
    keyboard.end();
    if (!event.over) return;
    const drop = byKeyboard ?? dropOf(board, Number(event.active.id), event.over.id);
    const from = board.columns.find((c) => c.deals.some((d) => d.id === event.active.id));
    if (!drop) return;
    const ids = from?.deals.map((d) => d.id) ?? [];
    const unchanged =
      drop.stage === from?.key &&
      (drop.beforeId === null ? ids.at(-1) === drop.dealId : ids[ids.indexOf(drop.dealId) + 1] === drop.beforeId);
    if (!unchanged) onMove(drop);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={keyboard.detect}
      onDragStart={keyboard.start}
      onDragEnd={end}
      onDragCancel={keyboard.end}
      accessibility={{ announcements: announcementsOf(board), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" gap="sm" wrap="nowrap" pb="xs">
          {board.columns.map((c) => (
            <Column key={c.key} column={c} currency={board.currency} onOpen={onOpen} />
          ))}
        </Group>
      </ScrollArea>
    </DndContext>
  );
}
