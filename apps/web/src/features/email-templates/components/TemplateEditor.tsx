import '@mantine/tiptap/styles.css';
import type { TEmailTemplate, TEmailTemplateResponse } from '@kindling/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/api-client.ts';
import { useSession } from '../../../session/index.ts';
import { useRichTextEditor } from '../../../system/rich-text/index.ts';
import { saveTemplate, type TemplateTarget, templateKey } from '../api/email-templates.queries.ts';
import { useTemplatePreview } from '../use-template-preview.ts';
import { ResetButton } from './ResetButton.tsx';
import { MessageField, SubjectField, TemplateHeader } from './TemplateFields.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';

const fieldErrors = (error: unknown) =>
  error instanceof ApiError ? (error.body?.fields ?? {}) : ({} as Record<string, string | undefined>);

type EditorProps = {
  target: TemplateTarget;
  template: TEmailTemplate;
  onDirtyChange?: (dirty: boolean) => void;
};

/** One template: subject, message with merge fields, save and reset, beside the live preview. */
export function TemplateEditor({ target, template, onDirtyChange }: EditorProps) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(template.subject);
  const [html, setHtml] = useState(template.html);
  const [saved, setSaved] = useState({ subject: template.subject, html: template.html });
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const editor = useRichTextEditor({
    html: template.html,
    editable: template.editable,
    label: 'Message',
    onChange: (next) => {
      setHtml(next);
      setSavedNote(null);
    },
    // The editor writes the stored HTML its own way; that is the unchanged state.
    onReady: (normalised) => {
      setHtml(normalised);
      setSaved((s) => ({ ...s, html: normalised }));
    },
  });
  const dirty = subject !== saved.subject || html !== saved.html;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const preview = useTemplatePreview(npoId, target, { subject, html });

  /** Shows what the server stored (sanitised) as the new unchanged state. */
  const adopt = (response: TEmailTemplateResponse, note: string) => {
    queryClient.setQueryData(templateKey(npoId, target), response);
    const next = response.template;
    editor?.commands.setContent(next.html, { emitUpdate: false });
    const normalised = editor?.getHTML() ?? next.html;
    setSubject(next.subject);
    setHtml(normalised);
    setSaved({ subject: next.subject, html: normalised });
    setSavedNote(note);
  };
  const save = useMutation({
    mutationFn: () => saveTemplate(target, { subject, html }),
    onSuccess: (response) => adopt(response, 'Saved. New e-mails use this template.'),
  });
  const errors = fieldErrors(save.error);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Stack gap="md" component="form" onSubmit={submit}>
        <TemplateHeader target={target} template={template} dirty={dirty} />
        {!template.editable ? (
          <Alert color="gray" title="View only">
            Your role can view these e-mails; an admin, manager or finance role can change them.
          </Alert>
        ) : null}
        <SubjectField
          value={subject}
          onChange={(value) => {
            setSubject(value);
            setSavedNote(null);
          }}
          editable={template.editable}
          error={errors.subject}
        />
        <MessageField editor={editor} kind={target.kind} editable={template.editable} error={errors.html} />
        {save.isError && !errors.subject && !errors.html ? (
          <Alert color="red" role="alert" title="The template was not saved">
            {save.error.message}
          </Alert>
        ) : null}
        {template.editable ? (
          <Group justify="space-between" gap="xs">
            <ResetButton
              target={target}
              source={template.source}
              onReset={(response) => adopt(response, 'Reset. New e-mails use the template shown.')}
            />
            <Group gap="xs">
              {savedNote ? (
                <Text size="sm" c="green.8" role="status">
                  {savedNote}
                </Text>
              ) : null}
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                Save
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
      <TemplatePreview preview={preview.data} updating={preview.updating} error={preview.error} />
    </SimpleGrid>
  );
}
