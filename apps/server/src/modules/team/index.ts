// The team module's public surface: the team page's routes (docs/product/team.md) and the team as
// other pages summarise it (the administration overview, the launchpad).

// con24c: the console invites a new organisation's owner.
export {
  type InvitationDeps,
  inviteOwner,
  pendingOwnerInvitation,
  resendOwnerInvitation,
} from './invitations.service.ts';
export { teamRoutes } from './team.routes.ts';
export { listTeam } from './team.service.ts';
