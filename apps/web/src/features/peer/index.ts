// Fundraiser pages (docs/decisions/044-peer-to-peer-pages.md): the fundraiser's dashboard, editor,
// gifts and /donate, and the staff P2P view of a campaign.
export { PeerDashboardPage } from './routes/PeerDashboardPage.tsx';
export { PeerDonatePage } from './routes/PeerDonatePage.tsx';
export { PeerDonationsPage } from './routes/PeerDonationsPage.tsx';
export { PeerEditPage } from './routes/PeerEditPage.tsx';
export { PeerToPeerPage } from './routes/PeerToPeerPage.tsx';
