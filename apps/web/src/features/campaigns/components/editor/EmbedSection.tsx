import { Alert, Anchor, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { Check, Copy, ExternalLink, Info } from 'lucide-react';
import { buildEmbedSnippet } from '../../editor/embed-snippet.ts';
import { publicPath } from '../CampaignBits.tsx';

type EmbedProps = {
  campaignId: number;
  /** As saved: the snippet and link must work now, not after the next save. */
  name: string;
  campaignUrl: string;
  /** Set for a peer campaign, whose page lives under /raise/. */
  parentCampaignId: number | null;
  active: boolean;
};

/** The snippet to paste into another site, and the form's own address. */
export function EmbedSection({ campaignId, name, campaignUrl, parentCampaignId, active }: EmbedProps) {
  const origin = window.location.origin;
  const snippet = buildEmbedSnippet(origin, campaignId, name);
  const path = publicPath({ campaign_url: campaignUrl, parent_campaign_id: parentCampaignId });
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Embed
      </Title>
      {active ? null : (
        <Alert color="yellow" icon={<Info size={16} aria-hidden />}>
          The form shows on other sites and at its address only while the campaign is active.
        </Alert>
      )}
      <Text size="sm">Paste this into a page of your website. The frame grows to fit the form.</Text>
      <Code block data-testid="embed-snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {snippet}
      </Code>
      <Group>
        <CopyButton value={snippet}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy snippet'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Direct link
        </Text>
        <Anchor href={path} target="_blank" rel="noopener" style={{ wordBreak: 'break-all' }}>
          {`${origin}${path}`}
          <ExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
        </Anchor>
      </Stack>
    </Stack>
  );
}
