import { ZCampaignUrl } from '@kindling/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../../session/index.ts';
import { campaignQueries } from '../../api/campaigns.queries.ts';
import type { EditorForm } from './editor-form.ts';

/**
 * Asks the server, a moment after typing stops, whether the campaign URL is free, and puts its
 * answer on the field. Only well-formed URLs are asked about (the browser already says what is
 * wrong with the rest), and a campaign's saved URL is its own. Saving checks again.
 */
export function useUrlCheck(form: EditorForm, campaignId: number | null, enabled: boolean) {
  const npoId = useSession().selectedNpo?.id ?? null;
  const typed = form.values.campaign_url.trim().toLowerCase();
  const [slug] = useDebouncedValue(typed, 300);
  const wellFormed = ZCampaignUrl.safeParse(slug).success;
  const check = useQuery({ ...campaignQueries.urlCheck(npoId, slug, campaignId), enabled: enabled && wellFormed });
  const answer = check.data && check.data.campaign_url === typed ? check.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer sets the error
  useEffect(() => {
    if (answer && !answer.available && answer.message) form.setFieldError('campaign_url', answer.message);
  }, [answer?.campaign_url, answer?.available]);
  return { available: answer?.available === true && !form.errors.campaign_url };
}
