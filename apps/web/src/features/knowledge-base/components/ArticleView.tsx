import type { TKbArticle } from '@kindling/contracts';
import { Badge, Button, Group, Modal, Stack, Text, Title, Typography } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFormat } from '../../../shared/format.ts';
import { toast } from '../../../shared/toast.ts';
import { deleteArticle, kbKeys } from '../api/knowledge-base.queries.ts';

/** One article; the organisation's own can be changed or deleted by those who may write. */
export function ArticleView({
  article,
  canEdit,
  onEdit,
  onDeleted,
}: {
  article: TKbArticle;
  canEdit: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const format = useFormat();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteArticle(article.key),
    onSuccess: async () => {
      setConfirming(false);
      await client.invalidateQueries({ queryKey: kbKeys.all });
      toast('green', `Deleted the article “${article.title}”.`);
      onDeleted();
    },
    onError: () => toast('red', 'The article could not be deleted. Please try again.'),
  });
  const own = article.kind === 'own';
  return (
    <Stack gap="sm" component="article" aria-labelledby="kb-article-title">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4}>
          <Badge variant="filled" color={own ? 'teal.9' : 'blue.8'}>
            {article.area}
          </Badge>
          <Title order={2} id="kb-article-title">
            {article.title}
          </Title>
        </Stack>
        {own && canEdit ? (
          <Group gap="xs">
            <Button variant="default" leftSection={<Pencil size={14} aria-hidden />} onClick={onEdit}>
              Edit
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<Trash2 size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </Group>
        ) : null}
      </Group>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises every article (knowledge-base module) */}
        <div dangerouslySetInnerHTML={{ __html: article.html }} />
      </Typography>
      <Text size="xs" c="dimmed">
        {own
          ? `Written by your organisation${article.author ? ` (${article.author})` : ''}${
              article.updated_at ? `, last changed ${format.dateTime(article.updated_at)}` : ''
            }.`
          : 'Written by the Kindling team.'}
      </Text>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete this article?">
        <Stack gap="sm">
          <Text size="sm">“{article.title}” will be gone for everyone in your organisation.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete article
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
