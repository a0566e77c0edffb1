// Crowdfunding (docs/decisions/048-crowdfunding.md): the public campaign page's read, reward claims held
// before paying and tied to the donation after, and the staff list and fulfilment export.
export { crowdfundingRoutes } from './crowdfunding.routes.ts';
export {
  crowdfundingCampaigns,
  crowdfundingImages,
  crowdfundingRewardClaims,
  crowdfundingRewards,
  crowdfundingUpdates,
} from './crowdfunding.tables.ts';
