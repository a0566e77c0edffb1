import { ActionIcon, Group } from '@mantine/core';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';

type ListControlsProps = {
  /** Names the item for screen readers: 'preset 2', 'question 1'. */
  itemName: string;
  onUp: (() => void) | null;
  onDown: (() => void) | null;
  onRemove: () => void;
};

/** Move up, move down and remove as buttons, so reordering works by keyboard. */
export function ListControls({ itemName, onUp, onDown, onRemove }: ListControlsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${itemName} up`}
        disabled={!onUp}
        onClick={() => onUp?.()}
      >
        <ArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${itemName} down`}
        disabled={!onDown}
        onClick={() => onDown?.()}
      >
        <ArrowDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${itemName}`} onClick={onRemove}>
        <Trash2 size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
