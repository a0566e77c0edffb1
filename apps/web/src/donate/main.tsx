// Entry of the public donation pages (decision 006): built with preact/compat behind the React API.
import { createRoot } from 'react-dom/client';
import { CampaignPage } from './CampaignPage.tsx';
import { inlinedCampaign } from './campaign-source.ts';
import { moneyIn } from './form-format.ts';

// The first load's work in three short tasks rather than one long one
// (docs/product/donation-form.md#performance): this module's evaluation; the money formatter the
// amounts need (a page's first Intl object costs about as much as the first render); the render.
const root = document.getElementById('root');
if (root) {
  setTimeout(() => {
    const campaign = inlinedCampaign();
    if (campaign) moneyIn(campaign, 0, campaign.currency);
    setTimeout(() => createRoot(root).render(<CampaignPage pathname={window.location.pathname} />), 0);
  }, 0);
}
