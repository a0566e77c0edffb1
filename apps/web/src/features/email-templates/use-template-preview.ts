import type { TEmailPreview, TEmailTemplateInput } from '@kindling/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../app/api-client.ts';
import { previewTemplate, type TemplateTarget } from './api/email-templates.queries.ts';

export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The server's rendering of the draft, refreshed a moment after typing stops; the last good
 * preview stays while a newer one loads, and a draft the server refuses shows its message.
 */
export function useTemplatePreview(
  npoId: number | null,
  target: TemplateTarget,
  draft: TEmailTemplateInput,
): { data: TEmailPreview | undefined; updating: boolean; error: string | null } {
  const key = JSON.stringify([draft.subject, draft.html]);
  const [settled] = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['email-preview', npoId, target.kind, target.campaignId, settled],
    queryFn: ({ signal }) => {
      const [subject, html] = JSON.parse(settled) as [string, string];
      return previewTemplate(target, { subject, html }, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const error = query.isError
    ? query.error instanceof ApiError
      ? (query.error.body?.fields?.subject ?? query.error.body?.fields?.html ?? query.error.message)
      : query.error.message
    : null;
  return {
    data: query.isError ? undefined : query.data?.preview,
    updating: query.isFetching || key !== settled,
    error,
  };
}
