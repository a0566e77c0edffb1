// Entry of the public payment page (/pay/{id}): built with preact/compat like the donation pages (decision 006).
import { createRoot } from 'react-dom/client';
import { PayPage } from './PayPage.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<PayPage pathname={window.location.pathname} />);
