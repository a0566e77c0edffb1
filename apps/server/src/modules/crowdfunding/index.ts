// Crowdfunding (docs/decisions/048-crowdfunding.md): the public campaign page's read, reward claims held
// before paying and tied to the donation after, and the staff list and fulfilment export.
export { crowdfundingRoutes } from './crowdfunding.routes.ts';
export {
  crowdfundingCampaigns,
  crowdfundingImages,
  crowdfundingImageVariants,
  crowdfundingRewardClaims,
  crowdfundingRewards,
  crowdfundingUpdateEmails,
  crowdfundingUpdateOptouts,
  crowdfundingUpdates,
} from './crowdfunding.tables.ts';
// cf17b: the staff editor (settings, rewards, gallery) and updates with their backer e-mails.
export { crowdfundingEditorRoutes } from './crowdfunding-editor.routes.ts';
// fin17: resized gallery variants (used by the demo seed) and pledge rewards.
export { storeVariants } from './crowdfunding-images.service.ts';
// The public page's short per-process cache, shared by the page read and the staff writes that clear it.
export { createCrowdfundingPageCache } from './crowdfunding-page-cache.ts';
// cf17c: all-or-nothing pledges and their settlement at the deadline.
export { crowdfundingPledgeRoutes } from './crowdfunding-pledges.routes.ts';
export { crowdfundingPledges } from './crowdfunding-pledges.tables.ts';
export { registerSettlement, settlementQueue } from './crowdfunding-settlement.jobs.ts';
export { registerUpdateEmails, sendUpdateEmails, updateEmailQueue } from './crowdfunding-updates.service.ts';
