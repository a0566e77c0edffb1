// Donors: one per e-mail per organisation. Other modules reach them through this surface only.

export { deferDonorGiving, refreshDonorGivingKeys, refreshDonorGivingOf } from './donor-giving-deferral.ts';
export {
  containsPattern,
  type DonorLookupRow,
  donorSearchMatches,
  donorsMatchingSql,
  findDonorsMatching,
  retentionWhere,
  selectDonorSummary,
  selectOrganisationGivingYear,
} from './donor-list.repository.ts';
export { findMergedInto } from './donor-merge.repository.ts';
export { donorNameSql, UNNAMED_CONTACT } from './donor-name.ts';
export {
  type AnnualStatement,
  addressLines,
  loadGivingStatement,
  renderAnnualStatement,
  renderStatementPdf,
  renderStatementsPdf,
  type StatementAddressee,
  statementPdfOr404,
  statementYearsOf,
} from './donor-statement.ts';
export {
  type DonorDetails,
  type DonorRow,
  donorRowOf,
  donorUpsertSql,
  giftEmailSql,
  upsertDonor,
} from './donors.repository.ts';
export { donorRoutes } from './donors.routes.ts';
export type { DonorMergeStep } from './donors.service.ts';
export { donors } from './donors.tables.ts';
export { givingYearIn, givingYearRangeIn, retentionBoundariesIn } from './giving-year.ts';
