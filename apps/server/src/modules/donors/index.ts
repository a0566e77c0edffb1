// Donors: one per e-mail per organisation. Other modules reach them through this surface only.
export { type DonorDetails, upsertDonor } from './donors.repository.ts';
