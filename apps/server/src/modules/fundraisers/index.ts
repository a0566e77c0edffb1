// Fundraisers: invitations to raise funds for a campaign, and joining on first sign-in.
export { fundraiserRoutes } from './fundraisers.routes.ts';
export { joinInvitedFundraisers } from './fundraisers.service.ts';
export { registerPeerMilestones } from './peer-milestones.ts';
// p2p16: fundraiser pages, the fundraiser's dashboard, the staff P2P view and the leaderboard.
export { peerPageRoutes } from './peer-pages.routes.ts';
// p16: the fundraiser's soft credit of a gift through their page, for the demo seed too.
export { creditPeerFundraiser } from './peer-soft-credit.ts';
// p2p16c: a team's own page, for the demo seed (docs/decisions/067-team-pages-and-joining-at-sign-up.md).
export { insertTeamPage } from './peer-team-page.ts';
// teams16: fundraising teams and milestone e-mails (docs/decisions/051-peer-teams-and-milestones.md).
export { peerTeamRoutes } from './peer-teams.routes.ts';
