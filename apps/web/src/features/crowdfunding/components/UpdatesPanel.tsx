import type { TUpdateAdmin } from '@kindling/contracts';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../shared/FormAlert.tsx';
import { describeFormError } from '../../../shared/form-errors.ts';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { RichTextBox, useRichTextEditor } from '../../../system/rich-text/index.ts';
import { detailQuery, publishUpdate, saveUpdate } from '../api/crowdfunding.queries.ts';

function Composer({
  campaignId,
  update,
  onDone,
}: {
  campaignId: number;
  update: TUpdateAdmin | null;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(update?.title ?? '');
  const [html, setHtml] = useState(update?.body_html ?? '');
  const [emailBackers, setEmailBackers] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const editor = useRichTextEditor({
    html,
    editable: true,
    onChange: setHtml,
    onReady: setHtml,
    label: 'Update text',
  });
  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const saved = await saveUpdate(campaignId, update?.id ?? null, { title, body_html: html });
      return publish ? publishUpdate(saved.id, emailBackers) : saved;
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: detailQuery(campaignId).queryKey });
      toast(
        'green',
        saved.published_at
          ? emailBackers
            ? 'Update published; backers are being e-mailed.'
            : 'Update published.'
          : 'Draft saved.',
      );
      onDone();
    },
    onError: (error) => {
      const described = describeFormError(error, 'The update could not be saved. Please try again.');
      setErrors(described.fields);
      setMessage(described.message ?? 'Please correct the highlighted fields.');
    },
  });
  const published = update?.published_at != null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {message && <FormAlert message={message} />}
        <TextInput
          label="Title"
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <RichTextBox editor={editor} />
        <Text size="sm" c="dimmed">
          Write IMAGE1, IMAGE2 … on a line of its own to show the gallery's images, as in the story.
        </Text>
        {!published && (
          <Checkbox
            label="E-mail every backer who has not opted out"
            checked={emailBackers}
            onChange={(e) => setEmailBackers(e.currentTarget.checked)}
          />
        )}
        <Group>
          {!published && (
            <Button onClick={() => save.mutate(true)} loading={save.isPending && save.variables}>
              Publish
            </Button>
          )}
          <Button variant="default" onClick={() => save.mutate(false)} loading={save.isPending && !save.variables}>
            {published ? 'Save' : 'Save draft'}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The page's updates: drafts and published ones, newest first, with how many backers each was e-mailed to. */
export function UpdatesPanel({ campaignId, updates }: { campaignId: number; updates: TUpdateAdmin[] }) {
  const format = useFormat();
  const [editing, setEditing] = useState<TUpdateAdmin | 'new' | null>(null);
  return (
    <Stack gap="sm">
      {editing === null ? (
        <Button w="fit-content" onClick={() => setEditing('new')}>
          Write an update
        </Button>
      ) : (
        <Composer
          key={editing === 'new' ? 'new' : editing.id}
          campaignId={campaignId}
          update={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {updates.length === 0 && <Text c="dimmed">No updates yet. Backers see updates on the page's Updates tab.</Text>}
      {updates.map((u) => (
        <Paper key={u.id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Title order={3} size="h5">
                {u.title}
              </Title>
              <Text size="sm" c="dimmed">
                {u.published_at ? `Published ${format.dateTime(u.published_at)}` : 'Draft'}
                {u.published_at && ` · e-mailed to ${format.count(u.emails_sent)} backers`}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {!u.published_at && <Badge variant="light">Draft</Badge>}
              <Button size="xs" variant="default" onClick={() => setEditing(u)} aria-label={`Edit ${u.title}`}>
                Edit
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
