// Fundraisers: invitations to raise funds for a campaign, and joining on first sign-in.
export { fundraiserRoutes } from './fundraisers.routes.ts';
export { joinInvitedFundraisers } from './fundraisers.service.ts';
