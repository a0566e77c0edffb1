import { Button, Group, Text } from '@mantine/core';
import type { Editor } from '@tiptap/react';

/**
 * Buttons that insert `{{field}}` at the cursor of a rich-text editor: the merge fields of marketing
 * e-mails, campaign or automated (docs/product/crm-email-marketing.md#writing).
 */
export function MergeFieldBar({ editor, fields }: { editor: Editor | null; fields: readonly string[] }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">Insert:</Text>
      {fields.map((f) => (
        <Button
          key={f}
          size="compact-sm"
          variant="light"
          onClick={() => editor?.chain().focus().insertContent(`{{${f}}}`).run()}
        >
          {`{{${f}}}`}
        </Button>
      ))}
    </Group>
  );
}
