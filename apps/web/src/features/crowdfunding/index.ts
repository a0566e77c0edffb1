// Crowdfunding: /dashboard/crowdfunding, the staff list of crowdfunding pages (docs/decisions/048-crowdfunding.md).

// cf17b: the new, detail and edit screens.
export { CrowdfundingDetailPage } from './routes/CrowdfundingDetailPage.tsx';
export { CrowdfundingEditPage } from './routes/CrowdfundingEditPage.tsx';
export { CrowdfundingListPage } from './routes/CrowdfundingListPage.tsx';
export { CrowdfundingNewPage } from './routes/CrowdfundingNewPage.tsx';
