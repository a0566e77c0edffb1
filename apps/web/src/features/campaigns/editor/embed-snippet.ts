/** Text for a double-quoted HTML attribute: the campaign name cannot end the attribute or open a tag. */
export function escapeHtmlAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The snippet an organisation pastes into its own site: an iframe of /campaign-embed/{id} and the
 * script that resizes it to its content (docs/product/campaigns.md#embed).
 */
export function buildEmbedSnippet(origin: string, campaignId: number, campaignName: string): string {
  const base = origin.replace(/\/+$/, '');
  const title = escapeHtmlAttribute(`Donate to ${campaignName}`);
  return (
    `<iframe src="${base}/campaign-embed/${campaignId}" title="${title}" data-kindling-embed ` +
    `style="width:100%;max-width:480px;border:0;" loading="lazy"></iframe>\n` +
    `<script async src="${base}/embed.js"></script>`
  );
}
