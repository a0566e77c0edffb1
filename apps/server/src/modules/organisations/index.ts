// The organisations module's public surface: memberships, organisation data and statistics.
export {
  ISSUER_COLUMNS,
  type IssuerBlock,
  type IssuerProfile,
  issuerBlock,
  issuerProfileOf,
} from './issuer-block.ts';
export { type ProfileStatus, profileStatus } from './organisation-profile.service.ts';
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
