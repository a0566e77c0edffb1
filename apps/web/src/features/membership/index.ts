// Memberships: /dashboard/membership (figures, members list and a member's drawer, tiers editor) and
// the donor profile's memberships block (docs/decisions/049-memberships.md).
export { DonorMemberships } from './components/DonorMemberships.tsx';
export { MembershipPage } from './routes/MembershipPage.tsx';
