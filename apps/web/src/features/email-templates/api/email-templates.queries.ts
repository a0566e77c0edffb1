import type {
  TEmailKind,
  TEmailPreviewResponse,
  TEmailTemplateInput,
  TEmailTemplateResponse,
} from '@kindling/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';

/** Which template a page edits: the organisation's of a kind, or a campaign's own receipt. */
export type TemplateTarget = { kind: TEmailKind; campaignId: number | null };

const pathOf = (target: TemplateTarget) =>
  target.campaignId === null
    ? `/npo_admin/email_templates/${target.kind}`
    : `/npo_admin/campaigns/${target.campaignId}/receipt_template`;

/** The organisation id is part of every key, so switching organisation never shows another's template. */
export const templateKey = (npoId: number | null, target: TemplateTarget) =>
  ['email-templates', npoId, target.kind, target.campaignId] as const;

export const templateQuery = (npoId: number | null, target: TemplateTarget) =>
  queryOptions({
    queryKey: templateKey(npoId, target),
    queryFn: ({ signal }) => api<TEmailTemplateResponse>('GET', pathOf(target), { signal }),
  });

export const saveTemplate = (target: TemplateTarget, input: TEmailTemplateInput) =>
  api<TEmailTemplateResponse>('PUT', pathOf(target), { body: input });

export const resetTemplate = (target: TemplateTarget) => api<TEmailTemplateResponse>('DELETE', pathOf(target));

export const previewTemplate = (target: TemplateTarget, input: TEmailTemplateInput, signal?: AbortSignal) =>
  api<TEmailPreviewResponse>('POST', `${pathOf(target)}/preview`, { body: input, signal });
