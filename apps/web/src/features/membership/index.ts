// Memberships: /dashboard/membership (figures, members list and a member's drawer, tiers editor) and
// the donor profile's memberships block (docs/decisions/049-memberships.md).
export { DonorMemberships } from './components/DonorMemberships.tsx';
// mem19c: the public member card page.
export { MemberCardPage } from './routes/MemberCardPage.tsx';
export { MembershipPage } from './routes/MembershipPage.tsx';
