// Fundraiser pages (docs/decisions/044-peer-to-peer-pages.md): the fundraiser's dashboard, editor,
// gifts and /donate, and the staff P2P view of a campaign.

// p2p16b: the captain's view of a team.
export { FundraisingTeamPage } from './routes/FundraisingTeamPage.tsx';
export { PeerDashboardPage } from './routes/PeerDashboardPage.tsx';
export { PeerDonatePage } from './routes/PeerDonatePage.tsx';
export { PeerDonationsPage } from './routes/PeerDonationsPage.tsx';
export { PeerEditPage } from './routes/PeerEditPage.tsx';
export { PeerToPeerPage } from './routes/PeerToPeerPage.tsx';
