import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../session/index.ts';
import { type TemplateTarget, templateQuery } from '../api/email-templates.queries.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

/** Loads one template, then edits it; loading and error states of their own. */
export function TemplateSection({
  target,
  onDirtyChange,
}: {
  target: TemplateTarget;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const template = useQuery(templateQuery(npoId, target));
  if (template.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading the template">
        <Skeleton height={32} width="40%" />
        <Skeleton height={36} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (template.isError) {
    return (
      <Alert color="red" role="alert" title="The template could not be loaded">
        <Group gap="xs">
          <Text size="sm">{template.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => template.refetch()} loading={template.isFetching}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  // Keyed by organisation: switching organisation starts a fresh editor on the new template.
  return (
    <TemplateEditor
      key={`${npoId}-${target.kind}-${target.campaignId}`}
      target={target}
      template={template.data.template}
      onDirtyChange={onDirtyChange}
    />
  );
}
