// Fundraisers: invitations to raise funds for a campaign, and joining on first sign-in.
export { fundraiserRoutes } from './fundraisers.routes.ts';
export { joinInvitedFundraisers } from './fundraisers.service.ts';
export { registerPeerMilestones } from './peer-milestones.ts';
// p2p16: fundraiser pages, the fundraiser's dashboard, the staff P2P view and the leaderboard.
export { peerPageRoutes } from './peer-pages.routes.ts';
// teams16: fundraising teams and milestone e-mails (docs/decisions/051-peer-teams-and-milestones.md).
export { peerTeamRoutes } from './peer-teams.routes.ts';
