import { MERGE_FIELD_LABELS, MERGE_FIELDS, type TMergeField } from '@kindling/contracts/email-template-rules.ts';
import { Button, Menu, Text } from '@mantine/core';
import { Braces } from 'lucide-react';

/** A menu of the merge fields; picking one inserts it where the cursor was (subject or message). */
export function MergeFieldPicker({
  onPick,
  disabled,
  target,
}: {
  onPick: (field: TMergeField) => void;
  disabled?: boolean;
  /** Where the field goes, for the button's accessible name. */
  target: 'subject' | 'message';
}) {
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <Button
          variant="light"
          size="xs"
          leftSection={<Braces size={14} aria-hidden />}
          disabled={disabled}
          aria-label={`Insert a merge field into the ${target}`}
        >
          Insert merge field
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <Menu.Label>Into the {target}</Menu.Label>
        {MERGE_FIELDS.map((field) => (
          <Menu.Item key={field} onClick={() => onPick(field)}>
            <Text size="sm">{MERGE_FIELD_LABELS[field]}</Text>
            <Text size="xs" c="dimmed" ff="monospace">{`{{${field}}}`}</Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
