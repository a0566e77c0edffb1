// The auth module's public surface: sessions for the HTTP layer and the route plugins.
export { accountRoutes } from './account.routes.ts';
export { type AuthDeps, createAuthDeps } from './auth.deps.ts';
export { authRoutes } from './auth.routes.ts';
export { donorInviteQueue, inviteDonor, registerDonorInvitations } from './donor-invitation.service.ts';
// The console resends a verification link (decision 078).
export { sendVerificationEmail } from './email-verification.service.ts';
export { ensureInvitedAccount, type InvitedAccount } from './invited-account.service.ts';
// console24: the platform operator's account actions (decision 046).
export { resetSecondFactor, setAccountLocked, signOutEverywhere } from './operator-actions.ts';
export {
  deleteSessionOfOrganisation as endSessionOfOrganisation,
  listSessionsOfOrganisation,
} from './sessions.repository.ts';
export { createSessionResolver, endSessionsOfUserIn } from './sessions.service.ts';
export { listAttemptsOfOrganisation, type SignInAttemptRow } from './sign-in-attempts.ts';
export { countMembersWithoutSecondFactor, policyOf, type SignInPolicy, savePolicy } from './sign-in-policy.ts';
export { findUserByEmail, insertUser, type UserRow } from './users.repository.ts';
