// Donors: one per e-mail per organisation. Other modules reach them through this surface only.
export { renderAnnualStatement } from './donor-statement.ts';
export { donorRoutes } from './donors.routes.ts';
export { type DonorDetails, upsertDonor } from './donors.repository.ts';
