// Crowdfunding: /dashboard/crowdfunding, the staff list of crowdfunding pages (docs/decisions/048-crowdfunding.md).
export { CrowdfundingListPage } from './routes/CrowdfundingListPage.tsx';
