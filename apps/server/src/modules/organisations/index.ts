// The organisations module's public surface: memberships, organisation data and statistics.
export {
  findMembership,
  listMembershipsOfUser,
  type MembershipView,
  permissionsOf,
} from './organisations.repository.ts';
export { organisationRoutes } from './organisations.routes.ts';
export {
  createOrganisation,
  getOrganisationSnapshot,
  getOrganisationStats,
  type OrganisationSnapshot,
  sevenTotals,
  toOrganisationOption,
} from './organisations.service.ts';
