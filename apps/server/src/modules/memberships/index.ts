// Memberships (docs/decisions/049-memberships.md): tiers on a membership campaign, joining through
// /subscriptions/{campaign_url} and the donation form, the lapse sweep, and the staff members list.
export { membershipFollowUp } from './join.service.ts';
export { registerMembershipSweep, sweepMemberships } from './lapse-sweep.ts';
// mem19c: the member card's check-in answer, for the events' check-in (docs/decisions/064-member-cards.md).
export { memberAtDoor } from './member-card.service.ts';
// m19: the welcome e-mail with the member card (docs/decisions/082-membership-welcome-and-figures.md).
export { registerMembershipWelcome } from './member-card-mail.ts';
// m19: members-only tickets and member prices on events (docs/decisions/090-member-tickets.md).
export { type MemberVerification, membershipTierNames, verifyMember } from './member-verify.ts';
// fin19: the portal donor's memberships with their member card.
export { portalMemberships } from './members.service.ts';
export { membershipRoutes } from './memberships.routes.ts';
export {
  membershipHistory,
  membershipMembers,
  membershipPayments,
  membershipSettings,
  membershipTiers,
  supporterMemberships,
} from './memberships.tables.ts';
export { extendByPlanCharge } from './plan-renewal.ts';
