import type { TEmailTemplate } from '@kindling/contracts';
import {
  EMAIL_KIND_DESCRIPTIONS,
  EMAIL_KIND_LABELS,
  MERGE_FIELD_LABELS,
  REQUIRED_MERGE_FIELDS,
  type TEmailKind,
  type TMergeField,
} from '@kindling/contracts/email-template-rules.ts';
import { Badge, Group, Input, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useRef } from 'react';
import { RichTextBox } from '../../../system/rich-text/index.ts';
import type { TemplateTarget } from '../api/email-templates.queries.ts';
import { MergeFieldPicker } from './MergeFieldPicker.tsx';
import { insertMergeField } from './merge-fields.ts';

const SOURCE_LABELS: Record<TEmailTemplate['source'], string> = {
  default: 'Default template',
  organisation: 'Edited',
  campaign: "This campaign's own",
};

/** For a campaign's receipt, what it falls back to until it has its own. */
function sourceLabel(target: TemplateTarget, source: TEmailTemplate['source']): string {
  if (target.campaignId === null || source === 'campaign') return SOURCE_LABELS[source];
  return `Uses the organisation's ${source === 'default' ? 'default' : 'receipt'}`;
}

export function TemplateHeader(props: { target: TemplateTarget; template: TEmailTemplate; dirty: boolean }) {
  const { target, template, dirty } = props;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Title order={2} size="h3">
          {EMAIL_KIND_LABELS[target.kind]}
          {template.campaign_name ? ` · ${template.campaign_name}` : ''}
        </Title>
        <Badge variant="light" color={template.source === 'default' ? 'gray' : 'blue'}>
          {sourceLabel(target, template.source)}
        </Badge>
        {dirty ? (
          <Badge variant="light" color="yellow">
            Unsaved changes
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {EMAIL_KIND_DESCRIPTIONS[target.kind]}
      </Text>
    </Stack>
  );
}

/** The subject, with a picker that puts a merge field where the cursor is. */
export function SubjectField(props: {
  value: string;
  onChange: (value: string) => void;
  editable: boolean;
  error: string | undefined;
}) {
  const { value, onChange, editable, error } = props;
  const input = useRef<HTMLInputElement>(null);
  const insert = (field: TMergeField) => {
    const token = `{{${field}}}`;
    const start = input.current?.selectionStart ?? value.length;
    const end = input.current?.selectionEnd ?? start;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <Stack gap={6}>
      <TextInput
        ref={input}
        label="Subject"
        value={value}
        readOnly={!editable}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        maxLength={200}
      />
      {editable ? (
        <Group>
          <MergeFieldPicker target="subject" onPick={insert} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** The rich-text message, the links its kind must keep, and a merge field picker. */
export function MessageField(props: {
  editor: Editor | null;
  kind: TEmailKind;
  editable: boolean;
  error: string | undefined;
}) {
  const { editor, kind, editable, error } = props;
  const required = REQUIRED_MERGE_FIELDS[kind];
  const description = required.length
    ? `Must keep the ${required.map((f) => `${MERGE_FIELD_LABELS[f]} ({{${f}}})`).join(', ')}.`
    : undefined;
  return (
    <Input.Wrapper label="Message" error={error} description={description}>
      <Stack gap={6} mt={4}>
        {editable ? (
          <Group>
            <MergeFieldPicker
              target="message"
              disabled={!editor}
              onPick={(field) => editor && insertMergeField(editor, field, MERGE_FIELD_LABELS[field])}
            />
          </Group>
        ) : null}
        <RichTextBox editor={editor} />
      </Stack>
    </Input.Wrapper>
  );
}
