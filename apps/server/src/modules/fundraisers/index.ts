// Fundraisers: invitations to raise funds for a campaign, and joining on first sign-in.
export { fundraiserRoutes } from './fundraisers.routes.ts';
export { joinInvitedFundraisers } from './fundraisers.service.ts';
// p2p16: fundraiser pages, the fundraiser's dashboard, the staff P2P view and the leaderboard.
export { peerPageRoutes } from './peer-pages.routes.ts';
