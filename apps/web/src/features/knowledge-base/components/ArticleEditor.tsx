import { KB_TITLE_MAX, type TKbArticle } from '@kindling/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { createArticle, kbKeys, saveArticle } from '../api/knowledge-base.queries.ts';

/** Writes a new article (`article` null) or changes one of the organisation's own. */
export function ArticleEditor({
  article,
  onDone,
}: {
  article: TKbArticle | null;
  onDone: (key: string | null) => void;
}) {
  const client = useQueryClient();
  const [title, setTitle] = useState(article?.title ?? '');
  const [html, setHtml] = useState(article?.html ?? '');
  const editor = useRichTextEditor({
    html: article?.html ?? '',
    editable: true,
    onChange: setHtml,
    onReady: setHtml,
    label: 'Article text',
  });
  const save = useMutation({
    mutationFn: () =>
      article ? saveArticle(article.key, { title, body_html: html }) : createArticle({ title, body_html: html }),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: kbKeys.all });
      toast('green', 'Article saved.');
      onDone(saved.key);
    },
  });
  const error = save.error ? describeFormError(save.error, 'The article could not be saved. Please try again.') : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <FormAlert message={error?.message ?? null} />
        <TextInput
          label="Title"
          required
          maxLength={KB_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error?.fields.title}
        />
        <RichTextBox editor={editor} />
        {error?.fields.body_html ? <FormAlert message={error.fields.body_html} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(article?.key ?? null)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save article
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
