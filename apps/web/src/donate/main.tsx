// Entry of the public donation pages (decision 006): built with preact/compat behind the React API.
import { createRoot } from 'react-dom/client';
import { CampaignPage } from './CampaignPage.tsx';

// The first load's work in two short tasks rather than one long one
// (docs/product/donation-form.md#performance): this module's evaluation, then the render. The
// amounts need no Intl object: the campaign carries its money patterns (campaign-source.ts).
const root = document.getElementById('root');
if (root) setTimeout(() => createRoot(root).render(<CampaignPage pathname={window.location.pathname} />), 0);
