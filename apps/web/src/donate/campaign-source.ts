// Which campaign a public page shows and where it comes from: the JSON the server inlined into the
// HTML (no second round trip), else the campaign calls in docs/product/campaigns.md#campaigns.
import type { TPublicCampaign } from '@kindling/contracts';
import { adoptMoneyPattern } from '@kindling/contracts/money-rules.ts';
import { getJson } from './http.ts';

export type PublicRoute = { kind: 'page' | 'raise' | 'subscriptions' | 'embed'; key: string };

/** /spring-appeal, /raise/x, /subscriptions/x, /campaign-embed/12 → what to load; null otherwise. */
export function parsePublicRoute(pathname: string): PublicRoute | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 1 && parts[0]) return { kind: 'page', key: parts[0] };
  if (parts.length !== 2 || !parts[1]) return null;
  const prefix = { raise: 'raise', subscriptions: 'subscriptions', 'campaign-embed': 'embed' } as const;
  const kind = prefix[parts[0] as keyof typeof prefix];
  return kind ? { kind, key: parts[1] } : null;
}

/** The campaign the server placed in the page (a script of type application/json), if any. */
export function inlinedCampaign(): TPublicCampaign | null {
  const node = document.getElementById('kindling-campaign');
  if (!node?.textContent) return null;
  try {
    const parsed = JSON.parse(node.textContent) as { campaign?: TPublicCampaign };
    return parsed.campaign ? withMoneyPatterns(parsed.campaign) : null;
  } catch {
    return null;
  }
}

export async function fetchCampaign(route: PublicRoute): Promise<TPublicCampaign> {
  const path =
    route.kind === 'embed' && /^\d+$/.test(route.key)
      ? `/npo_admin/campaigns/${route.key}`
      : `/npo_admin/campaign_page?campaign_url=${encodeURIComponent(route.key)}`;
  const { campaign } = await getJson<{ campaign: TPublicCampaign }>(path);
  return withMoneyPatterns(campaign);
}

/** The page writes the campaign's amounts with the server's patterns, creating no Intl object on load. */
function withMoneyPatterns(campaign: TPublicCampaign): TPublicCampaign {
  for (const pattern of campaign.money_patterns ?? []) adoptMoneyPattern(pattern);
  return campaign;
}
