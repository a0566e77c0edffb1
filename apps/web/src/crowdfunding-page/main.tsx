// Entry of the public crowdfunding page (/crowdfunding/{id or address}): built with preact/compat like the
// donation pages (decision 006).
import { createRoot } from 'react-dom/client';
import { CrowdfundingPage } from './CrowdfundingPage.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<CrowdfundingPage pathname={window.location.pathname} />);
