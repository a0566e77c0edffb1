// Entry of the public team page (/team-page/{url}): built with preact/compat like the donation pages
// (decision 006), so it stays in the public pages' first-load budget (decision 079).
import { createRoot } from 'react-dom/client';
import { TeamPage } from './TeamPage.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<TeamPage pathname={window.location.pathname} />);
