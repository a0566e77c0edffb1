// Entry of the public event page (/event-page/{slug}): built with preact/compat like the donation pages (decision 006).
import { createRoot } from 'react-dom/client';
import { EventPage } from './EventPage.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<EventPage pathname={window.location.pathname} />);
