// The organisations module's public surface: memberships, organisation data and statistics.
export {
  findMembership,
  findNpo,
  listMembershipsOfUser,
  type MembershipView,
  permissionsOf,
} from './organisations.repository.ts';
export { organisationRoutes } from './organisations.routes.ts';
export {
  createOrganisation,
  type OrganisationSnapshot,
  sevenTotals,
  toOrganisationOption,
} from './organisations.service.ts';
export { memberships, npos } from './organisations.tables.ts';
export { profileStatus } from './profile-status.ts';
