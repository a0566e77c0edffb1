// Entry of the public donation pages (decision 006): built with preact/compat behind the React API.
import { createRoot } from 'react-dom/client';
import { CampaignPage } from './CampaignPage.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<CampaignPage pathname={window.location.pathname} />);
